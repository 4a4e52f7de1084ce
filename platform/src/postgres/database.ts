import pg from 'pg';
import { isUnavailable } from '../errors-unavailable.js';

/**
 * A pool that outlives its server: when PostgreSQL restarts, the idle connections it drops are
 * reported here (without a listener pg would crash the process) and discarded by the pool; the
 * queries of that moment fail and are answered 503 (see `isUnavailable`), and the next ones
 * connect afresh. int8 and numeric come back as strings; the stores turn them into bigint where
 * they mean positions.
 */
export function createPool(connectionString: string, max = 10, onIdleError: (error: Error) => void = () => undefined): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, application_name: 'concierge', connectionTimeoutMillis: 5_000 });
  pool.on('error', onIdleError);
  // Every client hears its own errors from birth. pg-pool stops listening when it hands a client
  // out, and when the server's "terminating connection" arrives in the same read as the end of the
  // connection's start-up, pg emits it before the borrower (inTransaction, a query) can listen: an
  // unheard 'error' would end the process. The query in flight still gets the error and the pool
  // still discards the client; this listener only keeps it from being unheard.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

/** Creates the database named in the URL when it does not exist (connecting to `postgres`). */
export async function ensureDatabase(connectionString: string): Promise<boolean> {
  const url = new URL(connectionString);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database) throw new Error('DATABASE_URL names no database');
  const adminUrl = new URL(connectionString);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (rowCount) return false;
    try {
      await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
    } catch (error) {
      // Another service created it between our check and our CREATE.
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
    return true;
  } finally {
    await client.end();
  }
}

/**
 * Runs `work` in one transaction on a client of its own. While the client is out of the pool a
 * server going away is reported on the client itself: it is heard here (pg would otherwise crash
 * the process on an unheard 'error') and the broken client is destroyed rather than returned.
 */
export async function inTransaction<R>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<R>): Promise<R> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    broken ??= error instanceof Error && isUnavailable(error) ? error : undefined;
    throw error;
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}

import pg from 'pg';

// int8 and numeric come back as strings; the stores turn them into bigint where they mean positions.
export function createPool(connectionString: string, max = 10): pg.Pool {
  return new pg.Pool({ connectionString, max, application_name: 'concierge' });
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

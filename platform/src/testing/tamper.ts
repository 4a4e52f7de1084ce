import type pg from 'pg';
import { inTransaction } from '../postgres/database.js';

/**
 * Runs one statement as a person with a superuser's access to the database would have to in
 * order to change stored events: past the append-only triggers (migration 8), by setting
 * session_replication_role to replica for one transaction, which only a superuser may. For tests
 * that tamper with the store on purpose; the product never does this.
 */
export async function tamper(pool: pg.Pool, sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
  return inTransaction(pool, async (client) => {
    await client.query('SET LOCAL session_replication_role = replica');
    return client.query(sql, params);
  });
}

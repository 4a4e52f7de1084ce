import type pg from 'pg';
import { schemaName } from '../../postgres/identifiers.js';
import { CredentialRewriteError, type CredentialStore } from '../port.js';

export interface PgCredentialStoreOptions {
  readonly pool: pg.Pool;
  /** The event store's schema (migration 8 creates the table there); only the command side opens this store. */
  readonly schema: string;
}

/** Credentials on PostgreSQL: one row per id, inserted once (ON CONFLICT DO NOTHING), never updated. */
export function createPgCredentialStore(options: PgCredentialStoreOptions): CredentialStore {
  const { pool } = options;
  const s = schemaName(options.schema);
  async function get(id: string): Promise<string | undefined> {
    const { rows } = await pool.query<{ material: string }>({
      name: `${s}.read-credential`,
      text: `SELECT material FROM ${s}.credentials WHERE id = $1`,
      values: [id],
    });
    return rows[0]?.material;
  }
  return {
    get,
    async put(id, material) {
      const { rowCount } = await pool.query({
        name: `${s}.write-credential`,
        text: `INSERT INTO ${s}.credentials (id, material) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`,
        values: [id, material],
      });
      if (rowCount === 1) return;
      if ((await get(id)) !== material) throw new CredentialRewriteError(id);
    },
    close: async () => undefined, // the pool belongs to the caller
  };
}

import type pg from 'pg';
import { inTransaction } from '../../postgres/database.js';
import { schemaName } from '../../postgres/identifiers.js';
import type { Position } from '../../event-store/position.js';
import type { Collection, FindQuery, Query, ReadModelDoc, ReadStore, ReadStoreSession } from '../port.js';
import { createAll, indexStatements, searchColumnsOf, trigramOperatorClass } from './pg-indexes.js';
import { SqlBuilder, jsonPath } from './pg-query.js';

type Queryable = Pick<pg.PoolClient, 'query'>;

export interface PgReadStoreOptions {
  readonly pool: pg.Pool;
  readonly schema: string;
}

const COLLECTION = /^[a-z][a-z0-9_]{0,40}$/;

/** Read models as JSONB documents, one table per collection, created on first use. */
export function createPgReadStore(options: PgReadStoreOptions): ReadStore {
  const { pool } = options;
  const s = schemaName(options.schema);
  const ready = new Set<string>();
  /** Each table's lowercased search columns by field, as this process last saw them. */
  const searchColumns = new Map<string, ReadonlyMap<string, string>>();

  const table = (name: string) => {
    if (!COLLECTION.test(name)) throw new Error(`Invalid collection name: ${name}`);
    return `${s}.c_${name}`;
  };

  // Tables are created on the pool, outside any caller transaction, so a rollback cannot undo
  // a creation that `ready` already remembers.
  async function ensureTable(name: string): Promise<string> {
    const t = table(name);
    if (ready.has(name)) return t;
    try {
      await pool.query(`CREATE TABLE IF NOT EXISTS ${t} (id text PRIMARY KEY, doc jsonb NOT NULL)`);
    } catch (error) {
      // Two first uses racing: the loser sees the winner's type/relation; the table exists either way.
      const code = (error as { code?: string }).code;
      if (code !== '23505' && code !== '42P07') throw error;
    }
    searchColumns.set(name, await searchColumnsOf(pool, t));
    ready.add(name);
    return t;
  }

  function collection<T extends ReadModelDoc>(db: Queryable, name: string): Collection<T> {
    const rows = async (build: (t: string, sql: SqlBuilder) => string) => {
      const t = await ensureTable(name);
      const sql = new SqlBuilder(searchColumns.get(name));
      const text = build(t, sql);
      return (await db.query(text, sql.params)).rows as Record<string, unknown>[];
    };
    return {
      async get(id) {
        const [row] = await rows((t, q) => `SELECT doc FROM ${t} WHERE id = ${q.param(id)}`);
        return row ? (row['doc'] as T) : undefined;
      },
      async find(query: FindQuery = {}) {
        const found = await rows((t, q) => `SELECT doc FROM ${t} ${q.where(query)} ${q.orderBy(query.sort)}${q.page(query)}`);
        return found.map((row) => row['doc'] as T);
      },
      async findPage(query: FindQuery) {
        // One round trip: the count and the page are subqueries of one statement (the page's
        // documents aggregated in its own order, since a row set carries none).
        const [row] = await rows((t, q) => {
          const where = q.where(query);
          const page = `SELECT id, doc FROM ${t} ${where} ${q.orderBy(query.sort)}${q.page(query)}`;
          return `SELECT (SELECT count(*) FROM ${t} ${where})::int AS total,
                         (SELECT coalesce(json_agg(p.doc ${q.orderBy(query.sort)}), '[]') FROM (${page}) p) AS docs`;
        });
        return { docs: (row?.['docs'] ?? []) as T[], total: Number(row?.['total'] ?? 0) };
      },
      async count(query: Query = {}) {
        const [row] = await rows((t, q) => `SELECT count(*)::int AS n FROM ${t} ${q.where(query)}`);
        return Number(row?.['n'] ?? 0);
      },
      async countBy(field, query: Query = {}) {
        const found = await rows(
          (t, q) => `SELECT coalesce(doc #>> ${jsonPath(field)}, 'null') AS k, count(*)::int AS n FROM ${t} ${q.where(query)} GROUP BY 1`,
        );
        return Object.fromEntries(found.map((row) => [String(row['k']), Number(row['n'])]));
      },
      async sumBy(groupField, sumField, query: Query = {}) {
        const key = groupField === null ? `'all'` : `coalesce(doc #>> ${jsonPath(groupField)}, 'null')`;
        const found = await rows(
          (t, q) =>
            `SELECT ${key} AS k, sum(coalesce((doc #>> ${jsonPath(sumField)})::numeric, 0))::text AS total FROM ${t} ${q.where(query)} GROUP BY 1`,
        );
        return Object.fromEntries(found.map((row) => [String(row['k']), BigInt(String(row['total']))]));
      },
      async upsert(doc) {
        await rows(
          (t, q) =>
            `INSERT INTO ${t} (id, doc) VALUES (${q.param(doc.id)}, ${q.param(JSON.stringify(doc))}::jsonb)
             ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc`,
        );
      },
      async update(id, changes) {
        const t = await ensureTable(name);
        const result = await db.query(`UPDATE ${t} SET doc = doc || $2::jsonb WHERE id = $1`, [id, JSON.stringify(changes)]);
        return (result.rowCount ?? 0) > 0;
      },
      async upsertMany(docs) {
        if (docs.length === 0) return;
        const t = await ensureTable(name);
        await db.query(
          `INSERT INTO ${t} (id, doc) SELECT i, d FROM unnest($1::text[], $2::jsonb[]) AS x(i, d)
           ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc`,
          [docs.map((d) => d.id), docs.map((d) => JSON.stringify(d))],
        );
      },
      async deleteMany(ids) {
        if (ids.length === 0) return;
        const t = await ensureTable(name);
        await db.query(`DELETE FROM ${t} WHERE id = ANY($1::text[])`, [ids]);
      },
      async delete(id) {
        const t = await ensureTable(name);
        const result = await db.query(`DELETE FROM ${t} WHERE id = $1`, [id]);
        return (result.rowCount ?? 0) > 0;
      },
    };
  }

  function session(db: Queryable): ReadStoreSession {
    return {
      collection: (name) => collection(db, name),
      async advanceCheckpoint(projection, from, to) {
        const result =
          from === undefined
            ? await db.query(
                `INSERT INTO ${s}.checkpoints (projection, commit_position, prepare_position) VALUES ($1, $2, $3)
                 ON CONFLICT (projection) DO NOTHING`,
                [projection, to.commit.toString(), to.prepare.toString()],
              )
            : await db.query(
                `UPDATE ${s}.checkpoints SET commit_position = $4, prepare_position = $5, updated_at = now()
                 WHERE projection = $1 AND commit_position = $2 AND prepare_position = $3`,
                [projection, from.commit.toString(), from.prepare.toString(), to.commit.toString(), to.prepare.toString()],
              );
        return result.rowCount === 1;
      },
    };
  }

  /** IF NOT EXISTS: a query API starting meanwhile (ensureIndexes) may have built them already. */
  async function rebuildIndexes(definitions: readonly string[]): Promise<void> {
    await createAll(pool, definitions.map((definition) => definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS ')));
    await pool.query(`DELETE FROM ${s}.dropped_indexes WHERE definition = ANY($1::text[])`, [definitions]);
  }

  return {
    collection: (name) => collection(pool, name),
    transaction: (work) => inTransaction(pool, (client) => work(session(client))),
    async getCheckpoint(projection): Promise<Position | undefined> {
      const { rows } = await pool.query<{ c: string; p: string }>(
        `SELECT commit_position::text AS c, prepare_position::text AS p FROM ${s}.checkpoints WHERE projection = $1`,
        [projection],
      );
      const row = rows[0];
      return row ? { commit: BigInt(row.c), prepare: BigInt(row.p) } : undefined;
    },
    async ensureIndexes(name, indexes) {
      const t = await ensureTable(name);
      // Plain CREATE INDEX (not CONCURRENTLY) briefly blocks writes to the table; read models are
      // small enough that this is milliseconds, and it cannot leave an invalid index behind.
      const trigramOps = indexes.some((spec) => spec.kind === 'search') ? await trigramOperatorClass(pool) : '';
      await createAll(pool, indexes.flatMap((spec) => indexStatements(t, spec, trigramOps)));
      searchColumns.set(name, await searchColumnsOf(pool, t));
    },
    async reset(projection, collections) {
      const tables = await Promise.all(collections.map((name) => ensureTable(name)));
      await inTransaction(pool, async (client) => {
        for (const t of tables) await client.query(`TRUNCATE ${t}`);
        await client.query(`DELETE FROM ${s}.checkpoints WHERE projection = $1`, [projection]);
      });
    },
    async bulkLoad(collections, load) {
      const tables = await Promise.all(collections.map((name) => ensureTable(name)));
      // Secondary indexes only: the primary key (and any unique index) keeps upserts correct. Their
      // definitions, as PostgreSQL prints them, are recorded with the drop in one transaction, with
      // those an earlier bulk load of these tables recorded and never built again (killed meanwhile).
      const definitions = await inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ table_name: string; name: string; definition: string }>(
          `SELECT indrelid::regclass::text AS table_name, indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition
             FROM pg_index WHERE indrelid = ANY($1::regclass[]) AND NOT indisunique`,
          [tables],
        );
        for (const row of rows) {
          await client.query(`INSERT INTO ${s}.dropped_indexes (table_name, definition) VALUES ($1, $2) ON CONFLICT (definition) DO NOTHING`, [
            row.table_name,
            row.definition,
          ]);
          await client.query(`DROP INDEX IF EXISTS ${row.name}`);
        }
        const recorded = await client.query<{ definition: string }>(
          `SELECT definition FROM ${s}.dropped_indexes WHERE table_name IN (SELECT unnest($1::regclass[])::text)`,
          [tables],
        );
        return recorded.rows.map((r) => r.definition);
      });
      try {
        return await load();
      } finally {
        await rebuildIndexes(definitions);
      }
    },
    async restoreIndexes() {
      const { rows } = await pool.query<{ definition: string }>(`SELECT definition FROM ${s}.dropped_indexes`);
      await rebuildIndexes(rows.map((r) => r.definition));
      return rows.length;
    },
    close: async () => undefined, // the pool belongs to the caller
  };
}

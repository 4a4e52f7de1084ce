import { createHash } from 'node:crypto';
import type pg from 'pg';
import { schemaName } from '../../postgres/identifiers.js';
import type { IndexSpec } from '../port.js';
import { filterKey, ID_SORT_KEY, searchColumn, searchColumnField, searchKey, sortKeys } from './pg-query.js';

/** Errors of a CREATE that lost a race with an identical one: the object exists either way. */
const ALREADY_THERE = new Set(['23505', '42P07', '42710', '42701']);

const lostRace = (error: unknown) => ALREADY_THERE.has(String((error as { code?: string }).code));

/**
 * The CREATE INDEX statements for one spec on table `table` (`<schema>.c_<collection>`). Index
 * expressions are the very ones `SqlBuilder` emits, so the planner can match them. Names derive
 * from the definition, so a changed spec gets a new index instead of being mistaken for the old one.
 */
export function indexStatements(table: string, spec: IndexSpec, trigramOps: string): string[] {
  const base = table.slice(table.indexOf('.') + 1);
  const nameOf = (definition: string) => `${base}_ix_${createHash('sha256').update(definition).digest('hex').slice(0, 12)}`;
  const named = (definition: string) => `CREATE INDEX IF NOT EXISTS ${nameOf(definition)} ON ${table} ${definition}`;
  if (spec.kind === 'sorted') {
    const keys = [...(spec.equals ?? []).map(filterKey), ...sortKeys(spec.sort), ID_SORT_KEY];
    return [named(`(${keys.join(', ')})`)];
  }
  // Each field's lowercased text as a stored generated column, which the search compares with LIKE
  // (`SqlBuilder.where`): a search that no index narrows (two letters hold no trigram) then reads a
  // plain column per row instead of looking the field up in the JSON and lowercasing it. Adding the
  // column rewrites the table once (locked meanwhile); writers need not know of it.
  const columns = spec.fields.map(
    (field) => `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${searchColumn(field)} text GENERATED ALWAYS AS (lower(${searchKey(field)})) STORED`,
  );
  // One trigram index per column: the search ORs one LIKE per field, which PostgreSQL answers
  // with a BitmapOr over these instead of reading every document. GIN's default fastupdate is kept:
  // without it a rebuild of the read model ran several times slower (each row updates many trigram
  // entries at once). The price is that right after a bulk load, until autovacuum merges the
  // pending entries, the planner may prefer reading every document.
  // The trigram indexes over the JSON expressions that these replace would only slow every write.
  const schema = table.slice(0, table.indexOf('.'));
  const replaced = spec.fields.map((field) => `DROP INDEX IF EXISTS ${schema}.${nameOf(`USING gin (${searchKey(field)} ${trigramOps})`)}`);
  // Short values also in one B-tree of the columns: counting a two-letter search then reads that
  // index (index-only, a seventh of the table's pages for the users) instead of every row. A B-tree
  // entry is limited to about 2.7 kB, which a long value would exceed, so this only on request.
  const scanned = spec.shortValues ? [named(`(${spec.fields.map(searchColumn).join(', ')})`)] : [];
  return [...columns, ...spec.fields.map((field) => named(`USING gin (${searchColumn(field)} ${trigramOps})`)), ...scanned, ...replaced];
}

/** The table's search columns (made by `indexStatements`) by field; empty for a table without any. */
export async function searchColumnsOf(pool: pg.Pool, table: string): Promise<Map<string, string>> {
  const { rows } = await pool.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attgenerated = 's' AND NOT attisdropped`,
    [table],
  );
  const columns = new Map<string, string>();
  for (const { name } of rows) {
    const field = searchColumnField(name);
    if (field !== undefined) columns.set(field, searchColumn(field));
  }
  return columns;
}

/**
 * The schema-qualified trigram operator class, installing `pg_trgm` (a trusted contrib extension
 * since PostgreSQL 13) into `public` when the database lacks it.
 */
export async function trigramOperatorClass(pool: pg.Pool): Promise<string> {
  const installedIn = async () =>
    (
      await pool.query<{ schema: string }>(
        `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
      )
    ).rows[0]?.schema;
  let schema = await installedIn();
  if (schema === undefined) {
    try {
      await pool.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    } catch (error) {
      if (!lostRace(error)) {
        throw new Error('Search indexes need the PostgreSQL extension pg_trgm (package postgresql-contrib); it could not be installed.', {
          cause: error,
        });
      }
    }
    schema = (await installedIn()) ?? 'public';
  }
  return `${schemaName(schema)}.gin_trgm_ops`;
}

/** Runs CREATE statements one at a time, tolerating an identical CREATE from another process. */
export async function createAll(pool: pg.Pool, statements: readonly string[]): Promise<void> {
  for (const statement of statements) {
    try {
      await pool.query(statement);
    } catch (error) {
      if (!lostRace(error)) throw error;
    }
  }
}

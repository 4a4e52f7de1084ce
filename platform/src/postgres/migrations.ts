import type pg from 'pg';
import {
  appendChainedEventsFunction,
  appendEventsFunction,
  appendStoredTextEventsFunction,
  appendUniqueIdsEventsFunction,
  appendWriterChainedEventsFunction,
} from './append-function.js';
import { appendOnlyEvents } from './append-only.js';
import { inTransaction } from './database.js';
import { schemaName } from './identifiers.js';
import { sealUnhashedEvents } from './seal-chain.js';

interface Migration {
  readonly id: number;
  readonly name: string;
  readonly sql: (schema: string) => string;
  /** A step SQL alone cannot do, run after `sql` in the same transaction. */
  readonly run?: (client: pg.PoolClient, schema: string) => Promise<void>;
  /** SQL run after `run`, still in the same transaction. */
  readonly after?: (schema: string) => string;
}

/**
 * Event store tables. Global order is (transaction_id, seq): a reader only sees rows of
 * transactions older than every transaction still running, so a late commit can never land
 * behind a position a reader has already passed.
 */
const eventStoreMigrations: readonly Migration[] = [
  {
    id: 1,
    name: 'events',
    sql: (s) => `
      CREATE TABLE ${s}.events (
        seq bigint GENERATED ALWAYS AS IDENTITY,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        stream_id text NOT NULL,
        stream_revision bigint NOT NULL,
        event_id uuid NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        CONSTRAINT events_pkey PRIMARY KEY (seq),
        CONSTRAINT events_stream_revision_key UNIQUE (stream_id, stream_revision),
        CONSTRAINT events_event_id_key UNIQUE (event_id)
      );
      CREATE INDEX events_global_order_idx ON ${s}.events (transaction_id, seq);`,
  },
  {
    id: 2,
    name: 'append_events function',
    sql: appendEventsFunction,
  },
  {
    // The newest state of an aggregate per stream, so a command reads it and only the events after it.
    id: 3,
    name: 'snapshots',
    sql: (s) => `
      CREATE TABLE ${s}.snapshots (
        stream_id text NOT NULL,
        aggregate text NOT NULL,
        snapshot_version integer NOT NULL,
        stream_revision bigint NOT NULL,
        state jsonb NOT NULL,
        taken_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT snapshots_pkey PRIMARY KEY (stream_id, aggregate)
      );`,
  },
  {
    // The tamper-evident chain (event-store/hash-chain.ts). Events already stored are sealed in
    // stream order from their stored content, so a migrated store verifies clean; appends from
    // here on chain inside append_events. The table lock of ALTER holds writers off meanwhile.
    id: 4,
    name: 'hash chain',
    sql: (s) => `
      ALTER TABLE ${s}.events ADD COLUMN previous_hash bytea, ADD COLUMN hash bytea;
      DROP FUNCTION ${s}.append_events(text, text, bigint, uuid[], text[], jsonb[], jsonb[]);
      ${appendChainedEventsFunction(s)}`,
    run: async (client, s) => {
      await sealUnhashedEvents(client, s);
    },
    after: (s) => `ALTER TABLE ${s}.events ALTER COLUMN previous_hash SET NOT NULL, ALTER COLUMN hash SET NOT NULL;`,
  },
  {
    // data and metadata keep the text the writer sent (the canonical JSON it hashed) instead of
    // jsonb, whose conversion in and out was the largest cost of appends and of verification; the
    // global order (transaction_id, seq) becomes the primary key, one index fewer to write per event.
    // Rows stored before keep jsonb's spelling of their content; verification hashes those re-encoded.
    id: 5,
    name: 'stored canonical text',
    sql: (s) => `
      ALTER TABLE ${s}.events
        ALTER COLUMN data TYPE json USING data::text::json,
        ALTER COLUMN metadata TYPE json USING metadata::text::json,
        DROP CONSTRAINT events_pkey;
      DROP INDEX ${s}.events_global_order_idx;
      ALTER TABLE ${s}.events ADD CONSTRAINT events_pkey PRIMARY KEY (transaction_id, seq);
      DROP FUNCTION ${s}.append_events(text, text, bigint, uuid[], text[], jsonb[], jsonb[], bytea[]);
      ${appendStoredTextEventsFunction(s)}`,
  },
  {
    id: 6,
    name: 'append_events leaves repeated ids to the unique index',
    sql: appendUniqueIdsEventsFunction,
  },
  {
    id: 7,
    name: 'append_events takes the chain from a writer that knows the head',
    sql: appendWriterChainedEventsFunction,
  },
  {
    id: 8,
    name: 'events are append-only',
    sql: appendOnlyEvents,
  },
  {
    // Credential material (password hashes, hashes of link and token secrets) out of event data:
    // an event names a credential id, this table holds id -> material, written once
    // (platform/src/credential-store). Only the command side reads it; no audit route does.
    id: 9,
    name: 'credentials',
    sql: (s) => `
      CREATE TABLE ${s}.credentials (
        id text PRIMARY KEY,
        material text NOT NULL,
        stored_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
];

/** Read-model tables are created per collection on demand; checkpoints live beside them. */
const readStoreMigrations: readonly Migration[] = [
  {
    id: 1,
    name: 'checkpoints',
    sql: (s) => `
      CREATE TABLE ${s}.checkpoints (
        projection text PRIMARY KEY,
        commit_position numeric(20, 0) NOT NULL,
        prepare_position numeric(20, 0) NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
  {
    // The secondary indexes a bulk load dropped, until it builds them again: a process killed in
    // the middle of a rebuild leaves them here for the next bulk load or restoreIndexes to build.
    id: 2,
    name: 'dropped indexes',
    sql: (s) => `
      CREATE TABLE ${s}.dropped_indexes (
        table_name text NOT NULL,
        definition text PRIMARY KEY,
        dropped_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
];

async function apply(pool: pg.Pool, schema: string, migrations: readonly Migration[]): Promise<number> {
  const s = schemaName(schema);
  return inTransaction(pool, async (client) => {
    // Concurrent starts (several services at once) must not race on the same schema.
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`migrate:${s}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${s}.schema_migrations (id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const { rows } = await client.query<{ id: number }>(`SELECT id FROM ${s}.schema_migrations`);
    const applied = new Set(rows.map((r) => r.id));
    let count = 0;
    for (const migration of migrations) {
      if (applied.has(migration.id)) continue;
      await client.query(migration.sql(s));
      await migration.run?.(client, s);
      if (migration.after) await client.query(migration.after(s));
      await client.query(`INSERT INTO ${s}.schema_migrations (id, name) VALUES ($1, $2)`, [migration.id, migration.name]);
      count += 1;
    }
    return count;
  });
}

export interface MigrateOptions {
  readonly eventStoreSchema?: string;
  readonly readStoreSchema?: string;
  /** Test-only: stop the event store after this migration, as an older release left it. */
  readonly eventStoreUpTo?: number;
}

/** Applies pending migrations; returns how many ran. Safe to run concurrently and repeatedly. */
export async function migrate(pool: pg.Pool, options: MigrateOptions): Promise<number> {
  let count = 0;
  if (options.eventStoreSchema) {
    const upTo = options.eventStoreUpTo ?? Number.POSITIVE_INFINITY;
    count += await apply(pool, options.eventStoreSchema, eventStoreMigrations.filter((m) => m.id <= upTo));
  }
  if (options.readStoreSchema) count += await apply(pool, options.readStoreSchema, readStoreMigrations);
  return count;
}

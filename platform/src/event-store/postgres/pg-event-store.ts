import type pg from 'pg';
import { schemaName } from '../../postgres/identifiers.js';
import {
  PartialDuplicateAppendError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
} from '../port.js';
import { START, type Position } from '../position.js';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './rows.js';
import { subscribeWithPolling } from './pg-subscription.js';

export interface PgEventStoreOptions {
  readonly pool: pg.Pool;
  /** Connection string for the LISTEN connection of subscriptions. */
  readonly connectionString: string;
  readonly schema: string;
}

/** Rows are visible to readers only once every older transaction has finished (see migrations). */
const VISIBLE = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';

export function notifyChannel(schema: string): string {
  return `events_appended_${schema}`;
}

export function createPgEventStore(options: PgEventStoreOptions): EventStore {
  const { pool } = options;
  const s = schemaName(options.schema);
  const channel = notifyChannel(s);

  async function appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    { expectedRevision }: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      // Serialise writers of one stream BEFORE this transaction gets its id (at the INSERT), so a
      // stream's events always carry increasing transaction ids and $all keeps per-stream order.
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [streamId]);
      const ids = events.map((e) => e.id);
      const { rows: existing } = await client.query<{ stream_id: string; stream_revision: string; transaction_id: string; seq: string }>(
        `SELECT stream_id, stream_revision, transaction_id::text AS transaction_id, seq FROM ${s}.events
         WHERE event_id = ANY($1::uuid[]) ORDER BY transaction_id, seq`,
        [ids],
      );
      if (existing.length > 0) {
        await client.query('ROLLBACK');
        return idempotentResult(streamId, events.length, existing);
      }
      const { rows: head } = await client.query<{ stream_revision: string }>(
        `SELECT stream_revision FROM ${s}.events WHERE stream_id = $1 ORDER BY stream_revision DESC LIMIT 1`,
        [streamId],
      );
      const current = head[0] ? BigInt(head[0].stream_revision) : undefined;
      checkExpected(streamId, expectedRevision, current);
      const first = current === undefined ? 0n : current + 1n;
      const { rows } = await client.query<{ transaction_id: string; seq: string }>(
        `INSERT INTO ${s}.events (stream_id, stream_revision, event_id, type, data, metadata)
         SELECT $1, r, e, t, d, m FROM unnest($2::bigint[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) AS x(r, e, t, d, m)
         RETURNING transaction_id::text AS transaction_id, seq`,
        [
          streamId,
          events.map((_, i) => (first + BigInt(i)).toString()),
          ids,
          events.map((e) => e.type),
          events.map((e) => JSON.stringify(e.data)),
          events.map((e) => JSON.stringify(e.metadata)),
        ],
      );
      await client.query('SELECT pg_notify($1, $2)', [channel, streamId]);
      await client.query('COMMIT');
      const last = rows.reduce((a, b) => (BigInt(a.seq) > BigInt(b.seq) ? a : b));
      return {
        nextRevision: first + BigInt(events.length - 1),
        position: { commit: BigInt(last.transaction_id), prepare: BigInt(last.seq) },
      };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      if (isUniqueViolation(error, 'events_event_id_key')) {
        // A concurrent append of the same event ids to another stream won the race: re-check.
        return appendToStream(streamId, events, { expectedRevision });
      }
      throw error;
    } finally {
      client.release();
    }
  }

  async function readStream(streamId: string, opts: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = opts.direction === 'backwards';
    const from = opts.fromRevision;
    const params: unknown[] = [streamId];
    let where = 'stream_id = $1';
    if (from !== undefined) {
      params.push(from.toString());
      where += backwards ? ` AND stream_revision <= $2` : ` AND stream_revision >= $2`;
    }
    params.push(opts.maxCount ?? null);
    const { rows } = await pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM ${s}.events WHERE ${where}
       ORDER BY stream_revision ${backwards ? 'DESC' : 'ASC'} LIMIT $${params.length}`,
      params,
    );
    return rows.map(toRecordedEvent);
  }

  async function readAll({ after, maxCount }: ReadAllOptions): Promise<RecordedEvent[]> {
    const { rows } = await pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM ${s}.events
       WHERE ${VISIBLE} AND (transaction_id, seq) > ($1::text::xid8, $2::bigint)
       ORDER BY transaction_id, seq LIMIT $3`,
      [after.commit.toString(), after.prepare.toString(), maxCount],
    );
    return rows.map(toRecordedEvent);
  }

  async function headPosition(): Promise<Position> {
    const { rows } = await pool.query<{ transaction_id: string; seq: string }>(
      `SELECT transaction_id::text AS transaction_id, seq FROM ${s}.events WHERE ${VISIBLE}
       ORDER BY transaction_id DESC, seq DESC LIMIT 1`,
    );
    const row = rows[0];
    return row ? { commit: BigInt(row.transaction_id), prepare: BigInt(row.seq) } : START;
  }

  return {
    appendToStream,
    readStream,
    readAll,
    headPosition,
    subscribeToAll: (subscribeOptions) =>
      subscribeWithPolling({ readAll, connectionString: options.connectionString, channel }, subscribeOptions),
    close: async () => undefined, // the pool belongs to the caller
  };
}

function checkExpected(streamId: string, expected: ExpectedRevision, current: bigint | undefined): void {
  const actual = current ?? 'no_stream';
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current === undefined) ||
    (expected === 'stream_exists' && current !== undefined) ||
    (typeof expected === 'bigint' && current === expected);
  if (!ok) throw new WrongExpectedRevisionError(streamId, expected, actual);
}

function idempotentResult(
  streamId: string,
  count: number,
  existing: readonly { stream_id: string; stream_revision: string; transaction_id: string; seq: string }[],
): AppendResult {
  const sameAppend = existing.length === count && existing.every((row) => row.stream_id === streamId);
  const last = existing[existing.length - 1];
  if (!sameAppend || !last) throw new PartialDuplicateAppendError(streamId);
  const maxRevision = existing.reduce((m, row) => (BigInt(row.stream_revision) > m ? BigInt(row.stream_revision) : m), -1n);
  return { nextRevision: maxRevision, position: { commit: BigInt(last.transaction_id), prepare: BigInt(last.seq) } };
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === constraint;
}

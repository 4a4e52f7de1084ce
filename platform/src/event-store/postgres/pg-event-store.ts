import type pg from 'pg';
import { schemaName } from '../../postgres/identifiers.js';
import {
  PartialDuplicateAppendError,
  WrongExpectedRevisionError,
  type AppendResult,
  type ChainedEvent,
  type ChainedPage,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type TypedPage,
} from '../port.js';
import { START, type Position } from '../position.js';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './rows.js';
import { subscribeWithPolling } from './pg-subscription.js';
import { appendParams } from './append-params.js';
import { rememberedHeads } from './remembered-heads.js';
import { turnEndQueue } from './turn-end.js';

export interface PgEventStoreOptions {
  readonly pool: pg.Pool;
  /** Connection string for the LISTEN connection of subscriptions. */
  readonly connectionString: string;
  readonly schema: string;
  /**
   * Test-only: false appends without the hash chain (no content digests, no chain step), so the
   * bench can measure what hashing costs; a store written so does not verify. Default true.
   */
  readonly hashChain?: boolean;
}

const NOTIFY_COALESCE_MS = 3;

/** How many streams' last hashes an adapter remembers for the chain step of its next append (about 200 bytes each). */
const HEADS_REMEMBERED = 10_000;

/**
 * The order columns are qualified with the table alias: the output column
 * `transaction_id::text AS transaction_id` would otherwise be what ORDER BY sorts on, as text
 * ('10' before '9': wrong order once transaction ids gain a digit) and without the index.
 *
 * Rows are visible to readers only below the oldest append still open (see migrations): a late
 * commit can never land behind a position a reader has passed. Which of the transactions open in
 * the statement's snapshot are appends is told by their locks: an append locks the events table
 * before it takes a transaction id (append_events reads the table first), so an open transaction
 * holding no lock on it has written no event and never will under that id. Any other transaction
 * on the server (a projection's batch, a long report, another database's work) no longer holds
 * readers back, which the plain snapshot horizon (`pg_snapshot_xmin`) did. One that has finished
 * since the snapshot was taken counts as open (its rows are not in the snapshot); the lock table
 * is read before those states (the lateral join orders them), so none slips between the two.
 */
function visible(s: string): string {
  return `e.transaction_id < (
    SELECT coalesce(min(x.id), pg_snapshot_xmax(pg_current_snapshot()))
    FROM (SELECT array_agg(l.transactionid) AS ids FROM pg_locks l WHERE l.locktype = 'transactionid' AND l.virtualtransaction IN (
            SELECT r.virtualtransaction FROM pg_locks r WHERE r.locktype = 'relation' AND r.relation = '${s}.events'::regclass
              AND r.database = (SELECT oid FROM pg_database WHERE datname = current_database()))) appenders
    CROSS JOIN LATERAL (SELECT id FROM pg_snapshot_xip(pg_current_snapshot()) AS id
            WHERE id::xid = ANY(appenders.ids) OR pg_xact_status(id) <> 'in progress') x)`;
}

type ChainedRow = [string, string, string, string, string, string, string, string, string, string];

/** Every column as PostgreSQL's text. */
const AS_TEXT = { getTypeParser: () => (value: string) => value };

interface AppendRow {
  outcome: 'ok' | 'duplicate' | 'conflict' | 'partial';
  actual_revision: string | null;
  last_transaction_id: string | null;
  last_seq: string | null;
  next_revision: string | null;
  /** The hash of the last event appended, when PostgreSQL computed the chain (migration 7). */
  last_hash: string | null;
}

export function notifyChannel(schema: string): string {
  return `events_appended_${schema}`;
}

export function createPgEventStore(options: PgEventStoreOptions): EventStore {
  const { pool } = options;
  const s = schemaName(options.schema);
  const channel = notifyChannel(s);
  const hashChain = options.hashChain ?? true;
  const VISIBLE = visible(s);
  let notifyPending = false;

  const heads = rememberedHeads(HEADS_REMEMBERED);

  /** Wakes subscriptions: at most one NOTIFY per few milliseconds, however many appends complete. */
  function notifySoon(): void {
    if (notifyPending) return;
    notifyPending = true;
    setTimeout(() => {
      notifyPending = false;
      // A lost notification only delays subscribers until their next idle poll.
      pool.query('SELECT pg_notify($1, $2)', [channel, '']).catch(() => undefined);
    }, NOTIFY_COALESCE_MS);
  }

  const atTurnEnd = turnEndQueue();

  async function appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    { expectedRevision }: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const [kind, exact] = typeof expectedRevision === 'bigint' ? ['exact', expectedRevision.toString()] : [expectedRevision, null];
    // Encoded and hashed at the end of the turn that asked for it, with the turn's other appends (turn-end.ts).
    const { data, metadata, contents, chain, chainedHash } = await atTurnEnd(() =>
      appendParams(streamId, events, hashChain, hashChain ? heads.headFor(streamId, expectedRevision) : undefined),
    );
    let rows: AppendRow[];
    try {
      ({ rows } = await pool.query<AppendRow>({ name: `${s}.append`, text: `SELECT * FROM ${s}.append_events($1, $2, $3, $4, $5, $6, $7, $8, $9)`, values: [
        streamId,
        kind,
        exact,
        events.map((e) => e.id),
        events.map((e) => e.type),
        data,
        metadata,
        contents,
        chain,
      ] }));
    } catch (error) {
      heads.forget(streamId);
      // An id already stored: append_events leaves finding it to the unique index (migration 6).
      if (isUniqueViolation(error, 'events_event_id_key')) return repeatedAppend(streamId, events, error);
      throw error;
    }
    const row = rows[0];
    if (!row) throw new Error('append_events returned nothing');
    if (row.outcome !== 'ok') heads.forget(streamId);
    switch (row.outcome) {
      case 'ok': {
        notifySoon();
        const nextRevision = BigInt(row.next_revision ?? '0');
        const lastHash = row.last_hash ?? chainedHash;
        if (lastHash !== undefined) heads.remember(streamId, nextRevision, lastHash);
        return { nextRevision, position: { commit: BigInt(row.last_transaction_id ?? '0'), prepare: BigInt(row.last_seq ?? '0') } };
      }
      case 'duplicate':
        return {
          nextRevision: BigInt(row.next_revision ?? '0'),
          position: { commit: BigInt(row.last_transaction_id ?? '0'), prepare: BigInt(row.last_seq ?? '0') },
        };
      case 'conflict':
        throw new WrongExpectedRevisionError(streamId, expectedRevision, row.actual_revision === null ? 'no_stream' : BigInt(row.actual_revision));
      case 'partial':
        throw new PartialDuplicateAppendError(streamId);
    }
  }

  /**
   * An append whose ids are stored already: all of them in this stream is the same append again,
   * answered with where it landed; some of them, or in another stream, is refused.
   */
  async function repeatedAppend(streamId: string, events: readonly NewEvent[], violation: unknown): Promise<AppendResult> {
    const { rows } = await pool.query<{ stream_id: string; stream_revision: string; transaction_id: string; seq: string }>(
      `SELECT e.stream_id, e.stream_revision, e.transaction_id::text AS transaction_id, e.seq FROM ${s}.events e
        WHERE e.event_id = ANY($1::uuid[]) ORDER BY e.transaction_id DESC, e.seq DESC`,
      [events.map((e) => e.id)],
    );
    const [last] = rows;
    // None stored: the append repeats an id within itself, which the index refused.
    if (!last) throw violation;
    if (rows.length !== events.length || rows.some((r) => r.stream_id !== streamId)) throw new PartialDuplicateAppendError(streamId);
    const nextRevision = rows.reduce((max, r) => (BigInt(r.stream_revision) > max ? BigInt(r.stream_revision) : max), -1n);
    return { nextRevision, position: { commit: BigInt(last.transaction_id), prepare: BigInt(last.seq) } };
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
    // Named (prepared once per connection): reads are the hottest statements of every command.
    const { rows } = await pool.query<EventRow>({
      name: `${s}.read-stream-${backwards ? 'b' : 'f'}${from === undefined ? '' : '-from'}`,
      text: `SELECT ${EVENT_COLUMNS} FROM ${s}.events WHERE ${where}
       ORDER BY stream_revision ${backwards ? 'DESC' : 'ASC'} LIMIT $${params.length}`,
      values: params,
    });
    const events = rows.map(toRecordedEvent);
    const newest = backwards ? events[0] : events[events.length - 1];
    if (hashChain && newest?.hash !== undefined) heads.saw(streamId, newest.revision, newest.hash);
    return events;
  }

  async function readAll({ after, maxCount }: ReadAllOptions): Promise<RecordedEvent[]> {
    const { rows } = await pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM ${s}.events e
       WHERE ${VISIBLE} AND (e.transaction_id, e.seq) > ($1::text::xid8, $2::bigint)
       ORDER BY e.transaction_id, e.seq LIMIT $3`,
      [after.commit.toString(), after.prepare.toString(), maxCount],
    );
    return rows.map(toRecordedEvent);
  }

  // Events of other types come without data, metadata and hashes: only their place is needed.
  async function readAllOf({ after, maxCount, types }: ReadAllOptions & { readonly types: ReadonlySet<string> }): Promise<TypedPage> {
    const { rows } = await pool.query<EventRow & { followed: boolean }>(
      `SELECT e.seq, e.transaction_id::text AS transaction_id, e.type, f.followed,
          CASE WHEN f.followed THEN e.stream_id END AS stream_id, CASE WHEN f.followed THEN e.stream_revision END AS stream_revision,
          CASE WHEN f.followed THEN e.event_id END AS event_id, CASE WHEN f.followed THEN e.data END AS data,
          CASE WHEN f.followed THEN e.metadata END AS metadata, CASE WHEN f.followed THEN e.recorded_at END AS recorded_at,
          CASE WHEN f.followed THEN encode(e.previous_hash, 'hex') END AS previous_hash, CASE WHEN f.followed THEN encode(e.hash, 'hex') END AS hash
       FROM ${s}.events e CROSS JOIN LATERAL (SELECT e.type = ANY($4::text[]) AS followed) f
       WHERE ${VISIBLE} AND (e.transaction_id, e.seq) > ($1::text::xid8, $2::bigint)
       ORDER BY e.transaction_id, e.seq LIMIT $3`,
      [after.commit.toString(), after.prepare.toString(), maxCount, [...types]],
    );
    const last = rows[rows.length - 1];
    return {
      events: rows.filter((row) => row.followed).map(toRecordedEvent),
      last: last ? { commit: BigInt(last.transaction_id), prepare: BigInt(last.seq) } : undefined,
      read: rows.length,
    };
  }

  // Rows as arrays of text, only the columns a chain check reads, data and metadata as stored
  // (the canonical text the writer hashed): verification's pace is set here.
  async function readChained({ after, maxCount }: ReadAllOptions): Promise<ChainedPage> {
    const { rows } = await pool.query<ChainedRow>({
      text: `SELECT stream_id, stream_revision, event_id, type, data, metadata, encode(previous_hash, 'hex'), encode(hash, 'hex'),
          transaction_id::text, seq FROM ${s}.events e
        WHERE ${VISIBLE} AND (e.transaction_id, e.seq) > ($1::text::xid8, $2::bigint)
        ORDER BY e.transaction_id, e.seq LIMIT $3`,
      values: [after.commit.toString(), after.prepare.toString(), maxCount],
      rowMode: 'array',
      types: AS_TEXT,
    });
    const events = rows.map(([streamId, revision, id, type, dataJson, metadataJson, previousHash, hash]): ChainedEvent => ({
      streamId,
      revision: BigInt(revision),
      id,
      type,
      dataJson,
      metadataJson,
      previousHash,
      hash,
    }));
    const last = rows[rows.length - 1];
    return { events, last: last ? { commit: BigInt(last[8]), prepare: BigInt(last[9]) } : undefined };
  }

  async function headPosition(): Promise<Position> {
    const { rows } = await pool.query<{ transaction_id: string; seq: string }>(
      `SELECT e.transaction_id::text AS transaction_id, e.seq FROM ${s}.events e WHERE ${VISIBLE}
       ORDER BY e.transaction_id DESC, e.seq DESC LIMIT 1`,
    );
    const row = rows[0];
    return row ? { commit: BigInt(row.transaction_id), prepare: BigInt(row.seq) } : START;
  }

  // Without the visibility rule: a committed event the readers do not see yet still counts.
  async function lastPosition(): Promise<Position> {
    const { rows } = await pool.query<{ transaction_id: string; seq: string }>(
      `SELECT e.transaction_id::text AS transaction_id, e.seq FROM ${s}.events e ORDER BY e.transaction_id DESC, e.seq DESC LIMIT 1`,
    );
    const row = rows[0];
    return row ? { commit: BigInt(row.transaction_id), prepare: BigInt(row.seq) } : START;
  }

  return {
    appendToStream,
    readStream,
    readAll,
    readAllOf,
    readChained,
    headPosition,
    lastPosition,
    subscribeToAll: (subscribeOptions) =>
      subscribeWithPolling({ readAll, connectionString: options.connectionString, channel }, subscribeOptions),
    close: async () => undefined, // the pool belongs to the caller
  };
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === constraint;
}

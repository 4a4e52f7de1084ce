import type { Position } from './position.js';

/** Who caused an event: a signed-in user with their role, or the platform itself. */
export type Actor =
  | { readonly type: 'user'; readonly userId: string; readonly role: string }
  | { readonly type: 'system'; readonly reason?: string };

export interface EventMetadata {
  readonly actor: Actor;
  readonly correlationId: string;
  readonly causationId: string;
  /** ISO-8601 instant at which the command that caused the event was decided. */
  readonly occurredAt: string;
  readonly schemaVersion: number;
}

/** An event to append. `id` is a UUID chosen by the writer; appending the same id twice appends it once. */
export interface NewEvent {
  readonly id: string;
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly metadata: EventMetadata;
}

export interface RecordedEvent extends NewEvent {
  readonly streamId: string;
  /** 0-based revision of the event within its stream. */
  readonly revision: bigint;
  readonly position: Position;
  /** When the store committed the event (ISO-8601). */
  readonly recordedAt: string;
  /**
   * The event's place in its stream's hash chain (event-store/hash-chain.ts), hex SHA-256. Both
   * adapters always set them; they are optional only so that events built by hand in tests of
   * projections need not invent them.
   */
  readonly hash?: string;
  /** hash of the stream's previous event; GENESIS_HASH (64 zeros) for revision 0. */
  readonly previousHash?: string;
}

/**
 * What verifying a hash chain reads of an event: its data and metadata parsed, or the JSON texts
 * the store keeps (PostgreSQL), which are hashed as they are when they are the canonical text the
 * writer hashed and parsed only when they are not.
 */
export type ChainedEvent = Pick<RecordedEvent, 'streamId' | 'revision' | 'id' | 'type' | 'hash' | 'previousHash'> &
  ({ readonly data: unknown; readonly metadata: unknown } | { readonly dataJson: string; readonly metadataJson: string });

/** A page of readChained: its events and the global position of the last one (undefined when empty). */
export interface ChainedPage {
  readonly events: ChainedEvent[];
  readonly last: Position | undefined;
}

/**
 * What the writer expects the stream to look like before the append.
 * A bigint is the exact revision of the stream's last event.
 */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

export interface AppendResult {
  /** Revision of the last event of the stream after the append. */
  readonly nextRevision: bigint;
  /** Global position of the last event appended (or found, for an idempotent re-append). */
  readonly position: Position;
}

export interface ReadStreamOptions {
  readonly direction?: 'forwards' | 'backwards';
  /** Inclusive start revision; defaults to the first (forwards) or last (backwards) event. */
  readonly fromRevision?: bigint;
  readonly maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. */
  readonly after: Position;
  readonly maxCount: number;
}

/** A page of $all read for a reader that follows some event types only (see `readAllOf`). */
export interface TypedPage {
  /** The events of the asked types among those read, in global order. */
  readonly events: RecordedEvent[];
  /** Position of the last event read, of any type; undefined when none was. */
  readonly last: Position | undefined;
  /** How many events were read, of any type (at most maxCount). */
  readonly read: number;
}

export interface SubscriptionHandle {
  close(): Promise<void>;
  /** Settles when the subscription stops: resolves on close(), rejects on a failure. */
  readonly done: Promise<void>;
}

export interface SubscribeOptions {
  /** Exclusive: deliver events strictly after this position. */
  readonly after: Position;
  /** Called once per event, in global order; the next event waits for the returned promise. */
  readonly onEvent: (event: RecordedEvent) => Promise<void> | void;
  /** Called when the subscription has delivered everything committed so far. */
  readonly onCaughtUp?: () => void;
}

export interface EventStore {
  appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options: { readonly expectedRevision: ExpectedRevision },
  ): Promise<AppendResult>;
  /** Events of one stream; an empty list when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events of all streams in global order, after a position. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * readAll with only what chain verification needs, for adapters that can read that faster
   * (PostgreSQL: one lean query, no timestamps or positions converted); verification falls back
   * to readAll without it.
   */
  readChained?(options: ReadAllOptions): Promise<ChainedPage>;
  /**
   * readAll for a reader that follows some event types only: events of other types are read past
   * without their data (PostgreSQL never converts their jsonb to text). Projections and reactors
   * fall back to readAll without it.
   */
  readAllOf?(options: ReadAllOptions & { readonly types: ReadonlySet<string> }): Promise<TypedPage>;
  /** Position of the last event readers can see now (START when empty). */
  headPosition(): Promise<Position>;
  /**
   * Position of the newest committed event, whether readers see it yet or not (START when empty):
   * no append has ever answered with a position beyond it, so a position beyond it was never real.
   */
  lastPosition(): Promise<Position>;
  /** Catch-up subscription to all streams: history after `after`, then live events. */
  subscribeToAll(options: SubscribeOptions): SubscriptionHandle;
  close(): Promise<void>;
}

/** The stream was not at the revision the writer expected. Maps to HTTP 409. */
export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** The stream's actual last revision, or 'no_stream'. */
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamId} expected at ${String(expected)} but is at ${String(actual)}`);
  }
}

/** Some but not all of the event ids of an append were already in the store. */
export class PartialDuplicateAppendError extends Error {
  override readonly name = 'PartialDuplicateAppendError';
  constructor(readonly streamId: string) {
    super(`Append to ${streamId} repeats some event ids of an earlier append but not all of them`);
  }
}

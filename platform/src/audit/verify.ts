import type { ChainedEvent, EventStore } from '../event-store/port.js';
import { GENESIS_HASH, NonCanonicalValueError, chainHash, contentDigest, hexDigestOfCanonicalParts } from '../event-store/hash-chain.js';
import { START, comparePositions, type Position } from '../event-store/position.js';
import type { StreamHead, StreamHeads } from './stream-heads.js';

/** Why a stream's chain does not hold at a revision. */
export type ChainBreakKind =
  /** The event's content no longer gives its recorded hash: it was changed after the append. */
  | 'content-changed'
  /** The event's previousHash is not the hash of the event before it. */
  | 'broken-link'
  /** Revisions are not contiguous: events are missing before this one. */
  | 'revision-gap'
  /** The event no longer has the hash a checkpoint recorded for it. */
  | 'checkpoint-mismatch'
  /** The stream ends before the revision a checkpoint recorded: its tail was removed. */
  | 'truncated'
  /** A stream a checkpoint recorded is gone. */
  | 'stream-missing';

export interface ChainBreak {
  readonly streamId: string;
  readonly revision: bigint;
  readonly kind: ChainBreakKind;
  readonly message: string;
}

export interface VerifyOptions {
  /** Only this stream. */
  readonly streamId?: string;
  /** Only events after this position, each linked to the recorded hash of the event before it. */
  readonly since?: Position;
  /** Heads recorded earlier (a checkpoint): each must still be in the store, with the same hash. */
  readonly against?: StreamHeads;
  /** Events per read; defaults to 5,000. */
  readonly pageSize?: number;
}

export interface VerifyReport {
  /** Streams and events read. */
  readonly streams: number;
  readonly events: number;
  /** Events that carried no hash (written to EventStoreDB before the chain): hashed, not checked. */
  readonly unhashed: number;
  readonly seconds: number;
  /** Every break found, in reading order; a stream stops being checked at its first one. */
  readonly breaks: readonly ChainBreak[];
  /** Each stream's last event read and its hash (the recorded one), for a checkpoint to keep or compare. */
  readonly heads: StreamHeads;
  /** Global position of the last event read (START when none): the heads are as of this position. */
  readonly upTo: Position;
}

interface StreamState {
  next: bigint;
  hash: string;
  broken: boolean;
  /** The last event read of the stream, whether its chain held or not. */
  lastRevision: bigint;
  lastHash: string;
}

/** Events of a page and the global position of its last one. */
interface Page {
  readonly events: readonly ChainedEvent[];
  readonly last: Position | undefined;
}

/**
 * Checks the hash chains of the store: recomputes each event's hash from its content, checks that
 * it links to the event before it and that revisions run from 0 without a gap. Reads in global
 * order (each stream's events come in revision order within it), one page ahead of the hashing.
 * Without `against`, a removed tail or a removed whole stream leaves no trace: that is what
 * checkpoints of the heads are for.
 */
export async function verifyChains(store: EventStore, options: VerifyOptions = {}): Promise<VerifyReport> {
  const started = performance.now();
  const pageSize = options.pageSize ?? 5_000;
  const states = new Map<string, StreamState>();
  const breaks: ChainBreak[] = [];
  let events = 0;
  let unhashed = 0;
  let upTo = START;

  const fail = (state: StreamState, event: Pick<ChainedEvent, 'streamId' | 'revision'>, kind: ChainBreakKind, message: string) => {
    state.broken = true;
    breaks.push({ streamId: event.streamId, revision: event.revision, kind, message: `${event.streamId} revision ${event.revision}: ${message}` });
  };

  const check = (event: ChainedEvent, state: StreamState) => {
    if (event.revision !== state.next) {
      const missing = event.revision > state.next ? `revision ${state.next} to ${event.revision - 1n} missing` : `revision ${event.revision} repeated`;
      return fail(state, event, 'revision-gap', `expected revision ${state.next}, found ${event.revision} (${missing})`);
    }
    let computed: string;
    try {
      computed = recomputedHash(state.hash, event);
    } catch (error) {
      if (!(error instanceof NonCanonicalValueError || error instanceof SyntaxError)) throw error;
      return fail(state, event, 'content-changed', `content cannot be hashed (${error.message})`);
    }
    if (event.hash === undefined) unhashed += 1;
    else if (event.previousHash !== state.hash) return fail(state, event, 'broken-link', `previousHash ${event.previousHash} is not the hash of the event before it (${state.hash})`);
    else if (event.hash !== computed) return fail(state, event, 'content-changed', `recorded hash ${event.hash} but the content hashes to ${computed}`);
    state.next = event.revision + 1n;
    state.hash = event.hash ?? computed;
    const recorded = options.against?.get(event.streamId);
    if (recorded?.revision === event.revision && recorded.hash !== state.hash) {
      fail(state, event, 'checkpoint-mismatch', `hash ${state.hash} differs from the checkpoint's ${recorded.hash}`);
    }
  };

  const startState = async (event: ChainedEvent): Promise<StreamState> => {
    const state = { next: 0n, hash: GENESIS_HASH, broken: false, lastRevision: -1n, lastHash: GENESIS_HASH };
    if (options.since === undefined || event.revision === 0n) return state;
    // An incremental check starts from the head a checkpoint recorded just before its first event
    // (so a stream re-chained behind it breaks here); otherwise it trusts the recorded hash before it.
    const recorded = options.against?.get(event.streamId);
    if (recorded?.revision === event.revision - 1n) return { ...state, next: event.revision, hash: recorded.hash };
    const [before] = await store.readStream(event.streamId, { fromRevision: event.revision - 1n, maxCount: 1 });
    if (before?.revision !== event.revision - 1n) return { ...state, next: event.revision - 1n };
    return { ...state, next: event.revision, hash: before.hash ?? GENESIS_HASH };
  };

  for await (const page of pages(store, options, pageSize)) {
    for (const event of page.events) {
      let state = states.get(event.streamId);
      if (!state) {
        state = await startState(event);
        states.set(event.streamId, state);
      }
      events += 1;
      if (!state.broken) check(event, state);
      state.lastRevision = event.revision;
      state.lastHash = event.hash ?? state.hash;
    }
    upTo = page.last ?? upTo;
  }
  const heads = new Map<string, StreamHead>();
  for (const [streamId, state] of states) heads.set(streamId, { revision: state.lastRevision, hash: state.lastHash });

  if (options.against && options.since === undefined) {
    for (const [streamId, recorded] of options.against) {
      if (options.streamId !== undefined && streamId !== options.streamId) continue;
      const head = heads.get(streamId);
      if (!head) breaks.push({ streamId, revision: recorded.revision, kind: 'stream-missing', message: `${streamId}: the stream is gone; the checkpoint recorded it up to revision ${recorded.revision}` });
      else if (head.revision < recorded.revision) {
        breaks.push({ streamId, revision: head.revision + 1n, kind: 'truncated', message: `${streamId}: ends at revision ${head.revision}; the checkpoint recorded it up to revision ${recorded.revision}` });
      }
    }
  }

  return { streams: states.size, events, unhashed, seconds: (performance.now() - started) / 1000, breaks, heads, upTo };
}

/**
 * An event's hash recomputed from its content. Stored JSON texts are hashed as they are first: when
 * that gives the recorded hash they are the very canonical text the writer hashed, and nothing needs
 * parsing. Otherwise (an event stored in another spelling before PostgreSQL kept the text, or one
 * changed since) the content is parsed and encoded canonically, which is what the chain covers.
 */
function recomputedHash(previousHash: string, event: ChainedEvent): string {
  if (!('dataJson' in event)) return chainHash(previousHash, event.revision, contentDigest(event));
  const { streamId, id, type, dataJson, metadataJson } = event;
  const asStored = chainHash(previousHash, event.revision, hexDigestOfCanonicalParts(streamId, id, type, dataJson, metadataJson));
  if (asStored === event.hash) return asStored;
  const content = { streamId, id, type, data: JSON.parse(dataJson) as unknown, metadata: JSON.parse(metadataJson) as unknown };
  return chainHash(previousHash, event.revision, contentDigest(content));
}

/** Pages of events to check, the next one requested while the current one is hashed. */
async function* pages(store: EventStore, options: VerifyOptions, pageSize: number): AsyncGenerator<Page> {
  const { streamId, since } = options;
  if (streamId !== undefined) {
    let from = 0n;
    for (;;) {
      const page = await store.readStream(streamId, { fromRevision: from, maxCount: pageSize });
      const wanted = since === undefined ? page : page.filter((e) => comparePositions(e.position, since) > 0);
      const last = page[page.length - 1];
      if (wanted.length > 0) yield { events: wanted, last: last?.position };
      if (!last || page.length < pageSize) return;
      from = last.revision + 1n;
    }
  }
  const read = store.readChained?.bind(store) ?? (async (o: { after: Position; maxCount: number }): Promise<Page> => {
    const events = await store.readAll(o);
    return { events, last: events[events.length - 1]?.position };
  });
  let next = read({ after: since ?? START, maxCount: pageSize });
  for (;;) {
    const page = await next;
    if (!page.last) return;
    const full = page.events.length === pageSize;
    if (full) next = read({ after: page.last, maxCount: pageSize });
    yield page;
    if (!full) return;
  }
}

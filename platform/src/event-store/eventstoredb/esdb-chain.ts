import { NO_STREAM, type AppendExpectedRevision } from '@eventstore/db-client';
import { GENESIS_HASH, chainEvents, chainHash, contentDigest, type ChainLink } from '../hash-chain.js';
import {
  PartialDuplicateAppendError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type ExpectedRevision,
  type NewEvent,
  type ReadStreamOptions,
  type RecordedEvent,
} from '../port.js';

/**
 * The hash chain on EventStoreDB, where events cannot be changed after they are written: the
 * hashes ride in each event's metadata under CHAIN_KEY, computed before the append from the hash
 * of the event the append expects to follow, and the append is sent with exactly that expected
 * revision, so the server refuses it if another writer got there first. Events written before the
 * chain carry no hashes: theirs follow from their content (as verify computes them), and the first
 * chained event of such a stream links to the last of them.
 */
export const CHAIN_KEY = 'chain';

/** How many of a stream's last events an append with 'any' or 'stream_exists' searches for its ids. */
const DUPLICATE_WINDOW = 256;

type ReadStream = (streamId: string, options?: ReadStreamOptions) => Promise<RecordedEvent[]>;

/** What to send: the events with their chain fields, the expectation to send them with, and whether a lost race may be retried. */
export type AppendPlan =
  | { readonly kind: 'send'; readonly events: readonly ChainedNewEvent[]; readonly expected: AppendExpectedRevision; readonly retryOnRace: boolean }
  | { readonly kind: 'already-appended'; readonly result: Omit<AppendResult, 'position'> & { readonly last: RecordedEvent } };

export interface ChainedNewEvent extends Omit<NewEvent, 'metadata'> {
  readonly metadata: EventMetadata & { readonly [CHAIN_KEY]: ChainLink };
}

/** Works out where `events` chain from for the caller's expectation (see the module comment). */
export async function planAppend(readStream: ReadStream, streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendPlan> {
  if (expected === 'no_stream') return send(streamId, events, { revision: -1n, hash: GENESIS_HASH }, NO_STREAM, false);
  if (typeof expected === 'bigint') {
    // Chained from the event the caller expects to follow: right if the server accepts the append,
    // and a repeated append the server answers idempotently writes nothing.
    const hash = await hashAt(readStream, streamId, expected);
    if (hash === undefined) {
      const [head] = await readStream(streamId, { direction: 'backwards', maxCount: 1 });
      throw new WrongExpectedRevisionError(streamId, expected, head?.revision ?? 'no_stream');
    }
    return send(streamId, events, { revision: expected, hash }, expected, false);
  }
  // 'any' and 'stream_exists' are sent as the exact revision read here; the server's idempotency
  // for ANY is lost that way, so the stream's last events are searched for the ids instead.
  const tail = await readStream(streamId, { direction: 'backwards', maxCount: DUPLICATE_WINDOW });
  const head = tail[0];
  if (!head) {
    if (expected === 'stream_exists') throw new WrongExpectedRevisionError(streamId, expected, 'no_stream');
    return send(streamId, events, { revision: -1n, hash: GENESIS_HASH }, NO_STREAM, true);
  }
  const ids = new Set(events.map((e) => e.id));
  const found = tail.filter((e) => ids.has(e.id));
  if (found.length === ids.size) {
    const last = found[0] ?? head;
    return { kind: 'already-appended', result: { nextRevision: last.revision, last } };
  }
  if (found.length > 0) throw new PartialDuplicateAppendError(streamId);
  const hash = head.hash ?? (await hashAt(readStream, streamId, head.revision)) ?? GENESIS_HASH;
  return send(streamId, events, { revision: head.revision, hash }, head.revision, true);
}

function send(
  streamId: string,
  events: readonly NewEvent[],
  tip: { revision: bigint; hash: string },
  expected: AppendExpectedRevision,
  retryOnRace: boolean,
): AppendPlan {
  const links = chainEvents(tip.hash, tip.revision + 1n, events.map((e) => ({ streamId, id: e.id, type: e.type, data: e.data, metadata: e.metadata })));
  const chained = events.map((e, i) => ({ ...e, metadata: { ...e.metadata, [CHAIN_KEY]: links[i] ?? { previousHash: '', hash: '' } } }));
  return { kind: 'send', events: chained, expected, retryOnRace };
}

/** The hash of a stream's event at `revision`, recorded or (written before the chain) computed; undefined when there is none. */
async function hashAt(readStream: ReadStream, streamId: string, revision: bigint): Promise<string | undefined> {
  const [event] = await readStream(streamId, { fromRevision: revision, maxCount: 1 });
  if (event?.revision !== revision) return undefined;
  if (event.hash !== undefined) return event.hash;
  let hash = GENESIS_HASH;
  for (const earlier of await readStream(streamId, { maxCount: Number(revision) + 1 })) {
    hash = earlier.hash ?? chainHash(hash, earlier.revision, contentDigest(earlier));
  }
  return hash;
}

/** Splits the chain fields off an event's metadata as EventStoreDB returns it. */
export function splitChain(metadata: Record<string, unknown>): { metadata: Record<string, unknown>; link: ChainLink | undefined } {
  const { [CHAIN_KEY]: chain, ...rest } = metadata;
  const link = chain as Partial<ChainLink> | undefined;
  const valid = typeof link?.hash === 'string' && typeof link.previousHash === 'string';
  return { metadata: rest, link: valid ? { hash: link.hash ?? '', previousHash: link.previousHash ?? '' } : undefined };
}

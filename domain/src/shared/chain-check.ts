import { AppError } from '@concierge/platform/errors';
import { GENESIS_HASH, chainHash, contentDigest } from '@concierge/platform/event-store/hash-chain';
import type { NewEvent, RecordedEvent } from '@concierge/platform/event-store/port';

/**
 * The hash chain checked where decisions are made (event-store/hash-chain.ts is the chain itself).
 * A command folds a stream from a head it trusts: the stream's start, a head this process verified
 * before (its cached state), or a snapshot whose head is checked here; every event read after that
 * head must hash to its recorded hash and link to the one before it, and where a signed checkpoint
 * recorded the stream's head, the events read must pass through it. A stream that fails refuses the
 * command: nothing is decided on it, nothing is appended.
 */

/** A stream's last event folded into a state: its revision and hash (GENESIS_HASH at revision -1). */
export interface VerifiedHead {
  readonly revision: bigint;
  readonly hash: string;
}

export const GENESIS_HEAD: VerifiedHead = { revision: -1n, hash: GENESIS_HASH };

/** The stream's records do not hold together: an integrity failure of the store, not the member's doing. */
export class ChainIntegrityError extends AppError {
  constructor(
    readonly streamId: string,
    readonly revision: bigint,
    readonly reason: string,
  ) {
    super(500, 'These records failed an integrity check, so nothing was done. The operators have been alerted; please contact support.', {
      code: 'integrity-check-failed',
    });
  }
}

type Hashable = Pick<NewEvent, 'id' | 'type' | 'data' | 'metadata'>;

const hashOf = (streamId: string, previousHash: string, revision: bigint, event: Hashable): string =>
  chainHash(previousHash, revision, contentDigest({ streamId, id: event.id, type: event.type, data: event.data, metadata: event.metadata }));

/**
 * Checks events read from a stream after `from`: the first one read must be `from`'s own event
 * (same revision, same hash) unless `from` is the stream's start; each after it must be the next
 * revision, link to the hash before it and hash to what it records. Events written to EventStoreDB
 * before the chain carry no hash: they are hashed and linked as `verify` does. Returns the head of
 * the last event (`from` when there is none after it).
 */
export function checkChain(streamId: string, events: readonly RecordedEvent[], from: VerifiedHead): VerifiedHead {
  let head = from;
  let i = 0;
  if (from.revision >= 0n) {
    const first = events[0];
    if (first?.revision !== from.revision) {
      throw new ChainIntegrityError(streamId, from.revision, `the event at revision ${from.revision}, verified before, is no longer where it was`);
    }
    if (first.hash !== from.hash) {
      throw new ChainIntegrityError(streamId, from.revision, `the event at revision ${from.revision} no longer has the hash verified before`);
    }
    i = 1;
  }
  for (; i < events.length; i += 1) {
    const event = events[i] as RecordedEvent;
    const revision = head.revision + 1n;
    if (event.revision !== revision) throw new ChainIntegrityError(streamId, revision, `revision ${revision} is missing (read ${event.revision})`);
    if (event.previousHash !== undefined && event.previousHash !== head.hash) {
      throw new ChainIntegrityError(streamId, revision, `the event at revision ${revision} does not link to the hash of the event before it`);
    }
    const hash = hashOf(streamId, head.hash, revision, event);
    if (event.hash !== undefined && event.hash !== hash) {
      throw new ChainIntegrityError(streamId, revision, `the event at revision ${revision} does not hash to its recorded hash: it was changed after it was written`);
    }
    head = { revision, hash };
  }
  return head;
}

/**
 * Where a signed checkpoint recorded the stream's head, the events read (from revision
 * `firstRead` on, to the stream's end) must pass through it: same hash at that revision, and the
 * stream no shorter. A checkpoint head before `firstRead` is not looked at.
 */
export function checkAnchor(streamId: string, events: readonly RecordedEvent[], firstRead: bigint, anchor: VerifiedHead | undefined): void {
  if (anchor === undefined || anchor.revision < firstRead) return;
  const at = events[Number(anchor.revision - firstRead)];
  if (at === undefined) {
    throw new ChainIntegrityError(streamId, anchor.revision, `the stream ends before revision ${anchor.revision}, which a signed checkpoint recorded`);
  }
  if (at.revision !== anchor.revision || at.hash !== anchor.hash) {
    throw new ChainIntegrityError(streamId, anchor.revision, `the event at revision ${anchor.revision} no longer has the hash a signed checkpoint recorded`);
  }
}

/** The head after appending `events` at `from`, hashed here as the stores hash them: what the next fold must find. */
export function appendedHead(streamId: string, from: VerifiedHead, events: readonly Hashable[]): VerifiedHead {
  let head = from;
  for (const event of events) {
    const revision = head.revision + 1n;
    head = { revision, hash: hashOf(streamId, head.hash, revision, event) };
  }
  return head;
}

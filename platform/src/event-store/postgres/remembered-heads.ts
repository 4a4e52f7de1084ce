import { GENESIS_HASH } from '../hash-chain.js';
import type { ExpectedRevision } from '../port.js';

/** A stream's last revision and the hash recorded at it. */
export interface StreamHead {
  readonly revision: bigint;
  readonly hash: string;
}

/** A remembered head, changed in place as its stream grows; `used` is the eviction's second chance. */
interface Remembered {
  revision: bigint;
  hash: string;
  used: boolean;
}

/**
 * The hash at the newest revision a writer appended or read of its recent streams: an append at
 * that revision is chained by the writer and PostgreSQL only checks the link (migration 7). Events
 * never change, so an entry is wrong only for a stream rewritten behind the store's back, which that
 * check catches (PostgreSQL then computes the chain itself and returns the head's hash).
 *
 * Past `limit` streams one is forgotten, least recently used first by the clock (second chance)
 * rule: an append updates its stream's entry in place and marks it used, and the oldest entry is
 * forgotten unless marked, which moves it to the back unmarked. Every append of every writer goes
 * through here; moving each entry to the back on every use (delete, then set) cost about 1 us an
 * append in the bench's rounds, for an order that matters only once 10,000 streams are remembered.
 */
export function rememberedHeads(limit: number) {
  const heads = new Map<string, Remembered>();
  const forgetOne = (): void => {
    for (const [streamId, entry] of heads) {
      heads.delete(streamId);
      if (!entry.used) return;
      entry.used = false;
      heads.set(streamId, entry);
    }
  };
  const remember = (streamId: string, revision: bigint, hash: string): void => {
    const entry = heads.get(streamId);
    if (entry) {
      entry.revision = revision;
      entry.hash = hash;
      entry.used = true;
      return;
    }
    heads.set(streamId, { revision, hash, used: false });
    if (heads.size > limit) forgetOne();
  };
  return {
    remember,
    /** After a read: kept unless a newer revision of the stream is remembered already. */
    saw(streamId: string, revision: bigint, hash: string): void {
      if ((heads.get(streamId)?.revision ?? -1n) <= revision) remember(streamId, revision, hash);
    },
    forget: (streamId: string): void => void heads.delete(streamId),
    /** The head an append expecting `expected` chains from, when the writer knows it (read at once: the entry changes in place). */
    headFor(streamId: string, expected: ExpectedRevision): StreamHead | undefined {
      if (expected === 'no_stream') return { revision: -1n, hash: GENESIS_HASH };
      const head = typeof expected === 'bigint' ? heads.get(streamId) : undefined;
      return head?.revision === expected ? head : undefined;
    },
  };
}

import { LRUCache } from 'lru-cache';
import { GENESIS_HASH } from '../hash-chain.js';
import type { ExpectedRevision } from '../port.js';

/** A stream's last revision and the hash recorded at it. */
export interface StreamHead {
  readonly revision: bigint;
  readonly hash: string;
}

/**
 * The hash at the newest revision a writer appended or read of its recent streams (the least
 * recently used forgotten past `limit`): an append at that revision is chained by the writer and
 * PostgreSQL only checks the link (migration 7). Events never change, so an entry is wrong only for
 * a stream rewritten behind the store's back, which that check catches (PostgreSQL then computes the
 * chain itself and returns the head's hash).
 *
 * lru-cache keeps the order in a linked list over typed arrays. The Map this replaced forgot its
 * oldest entry by iterating from its start, which in V8 walks past every entry deleted before:
 * about 6 us an append to a new stream once 10,000 streams were remembered, where lru-cache takes
 * 0.4 (docs/performance/append-and-verify.md, "Where the cost lands").
 */
export function rememberedHeads(limit: number) {
  const heads = new LRUCache<string, { revision: bigint; hash: string }>({ max: limit });
  const remember = (streamId: string, revision: bigint, hash: string): void => {
    // Changed in place when the stream is known: an append to it allocates nothing here.
    const entry = heads.get(streamId);
    if (entry) {
      entry.revision = revision;
      entry.hash = hash;
    } else {
      heads.set(streamId, { revision, hash });
    }
  };
  return {
    remember,
    /** After a read: kept unless a newer revision of the stream is remembered already. */
    saw(streamId: string, revision: bigint, hash: string): void {
      if ((heads.peek(streamId)?.revision ?? -1n) <= revision) remember(streamId, revision, hash);
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

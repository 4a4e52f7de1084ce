import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  GENESIS_HASH,
  canonicalEventId,
  chainEvents,
  chainHash,
  chainInto,
  contentDigest,
  contentDigestsInto,
  digestOfCanonicalParts,
} from './hash-chain.js';

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest();

describe('hash chain', () => {
  const content = { streamId: 'account-1', id: '00000000-0000-4000-8000-000000000001', type: 'Deposited', data: { amountMicro: '5' }, metadata: { actor: { type: 'system' } } };

  it('digests the canonical encoding of stream, id, type, data and metadata', () => {
    const text = '{"data":{"amountMicro":"5"},"id":"00000000-0000-4000-8000-000000000001","metadata":{"actor":{"type":"system"}},"stream":"account-1","type":"Deposited"}';
    expect(contentDigest(content)).toEqual(sha256(text));
    expect(digestOfCanonicalParts(content.streamId, content.id, content.type, '{"amountMicro":"5"}', '{"actor":{"type":"system"}}')).toEqual(sha256(text));
  });

  it("digests an append's events into one buffer as it digests each alone", () => {
    const events = [
      { id: '00000000-0000-4000-8000-00000000000B', type: 'Deposited' },
      { id: '00000000-0000-4000-8000-00000000000c', type: 'Type "quoted"\n' },
    ];
    const [data, metadata] = [['{"n":1}', '{"n":2}'], ['{}', '{"m":"x"}']];
    for (const stream of ['account-1', 'stream "quoted" \\ é']) {
      const into = Buffer.alloc(64);
      contentDigestsInto(into, stream, events, data, metadata);
      events.forEach((event, i) => {
        const alone = contentDigest({ streamId: stream, id: event.id, type: event.type, data: JSON.parse(data[i] ?? ''), metadata: JSON.parse(metadata[i] ?? '') });
        expect(into.subarray(32 * i, 32 * i + 32)).toEqual(alone);
      });
    }
    expect(() => contentDigestsInto(Buffer.alloc(32), 'account-1', events, data, metadata)).toThrow('buffer too short');
  });

  it('hashes the previous hash, the revision as 8 big-endian bytes and the content digest', () => {
    const digest = contentDigest(content);
    const expected = sha256(Buffer.concat([Buffer.alloc(32), Buffer.from([0, 0, 0, 0, 0, 0, 0, 7]), digest])).toString('hex');
    expect(chainHash(GENESIS_HASH, 7n, digest)).toBe(expected);
  });

  it('links each event to the one before, so changing any event changes every later hash', () => {
    const events = [0, 1, 2].map((n) => ({ ...content, data: { n } }));
    const links = chainEvents(GENESIS_HASH, 0n, events);
    expect(links[0]?.previousHash).toBe(GENESIS_HASH);
    expect(links[1]?.previousHash).toBe(links[0]?.hash);
    expect(links[2]?.previousHash).toBe(links[1]?.hash);
    const tampered = chainEvents(GENESIS_HASH, 0n, [events[0]!, { ...content, data: { n: 99 } }, events[2]!]);
    expect(tampered[0]?.hash).toBe(links[0]?.hash);
    expect(tampered[1]?.hash).not.toBe(links[1]?.hash);
    expect(tampered[2]?.hash).not.toBe(links[2]?.hash);
    // The same content at another revision is another hash.
    expect(chainEvents(GENESIS_HASH, 1n, [events[0]!])[0]?.hash).not.toBe(links[0]?.hash);
  });

  it('writes the same chain into a buffer from a known head as chainEvents gives, head first', () => {
    const events = [0, 1, 2].map((n) => ({ ...content, data: { n } }));
    const head = chainEvents(GENESIS_HASH, 0n, [content])[0]?.hash ?? '';
    const links = chainEvents(head, 1n, events);
    const chain = Buffer.alloc(32 * 4);
    const last = chainInto(chain, head, 1n, Buffer.concat(events.map(contentDigest)), 3);
    expect([0, 1, 2, 3].map((i) => chain.subarray(32 * i, 32 * i + 32).toString('hex'))).toEqual([head, ...links.map((l) => l.hash)]);
    expect(last).toBe(links[2]?.hash);
    expect(() => chainInto(Buffer.alloc(64), head, 1n, Buffer.alloc(64), 2)).toThrow('buffers too short');
  });

  it('writes revisions past 32 bits as chainHash does, and refuses ones past 2^53', () => {
    const events = [0, 1, 2].map((n) => ({ ...content, data: { n } }));
    const contents = Buffer.concat(events.map(contentDigest));
    for (const first of [2n ** 32n - 2n, 2n ** 40n + 5n, 2n ** 53n - 4n]) {
      const chain = Buffer.alloc(32 * 4);
      expect(chainInto(chain, GENESIS_HASH, first, contents, 3)).toBe(chainEvents(GENESIS_HASH, first, events)[2]?.hash);
    }
    expect(() => chainInto(Buffer.alloc(32 * 4), GENESIS_HASH, 2n ** 53n - 2n, contents, 3)).toThrow('out of range');
    expect(() => chainInto(Buffer.alloc(32 * 4), GENESIS_HASH, -1n, contents, 3)).toThrow('out of range');
  });

  it('hashes an event id the way the store gives it back, however the writer spelled the UUID', () => {
    expect(canonicalEventId('00000000-0000-4000-8000-00000000000A')).toBe('00000000-0000-4000-8000-00000000000a');
    expect(canonicalEventId('{00000000000040008000-00000000000a}')).toBe('00000000-0000-4000-8000-00000000000a');
    expect(canonicalEventId('not-a-uuid')).toBe('not-a-uuid');
    expect(contentDigest({ ...content, id: '00000000-0000-4000-8000-00000000000A' })).toEqual(contentDigest({ ...content, id: '00000000-0000-4000-8000-00000000000a' }));
  });

  it('refuses a previous hash that is not 64 hex digits', () => {
    expect(() => chainHash('abc', 0n, contentDigest(content))).toThrow('Not a SHA-256 hash');
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  GENESIS_HASH,
  NonCanonicalValueError,
  canonicalEventId,
  canonicalJson,
  chainEvents,
  chainHash,
  chainInto,
  contentDigest,
  contentDigestsInto,
  digestOfCanonicalParts,
} from './hash-chain.js';

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest();

describe('canonical JSON (RFC 8785)', () => {
  it('sorts members by UTF-16 code units at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: 'x' }, A: 0 })).toBe('{"A":0,"a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1}');
    // U+00E9 sorts before U+1F600's high surrogate (0xD83D) and both after ASCII.
    expect(canonicalJson({ '\u{1F600}': 1, 'é': 2, z: 3 })).toBe('{"z":3,"é":2,"\u{1F600}":1}');
  });

  it('gives the same text whatever order the keys were written in', () => {
    expect(canonicalJson({ x: 1, y: { p: 1, q: 2 } })).toBe(canonicalJson({ y: { q: 2, p: 1 }, x: 1 }));
  });

  it('keeps non-ASCII text as is and escapes only quotes, backslashes and control characters', () => {
    expect(canonicalJson({ s: 'café \u{1F600} "q" \\ \n\t\u0001\u2028' })).toBe('{"s":"café \u{1F600} \\"q\\" \\\\ \\n\\t\\u0001\u2028"}');
  });

  it('writes numbers in their shortest ECMAScript form', () => {
    expect(canonicalJson([0, -0, 1, -1.5, 1e21, 1e-7, 0.1 + 0.2, 123456789012345680000, 5e-324])).toBe(
      '[0,0,1,-1.5,1e+21,1e-7,0.30000000000000004,123456789012345680000,5e-324]',
    );
  });

  it('leaves out members whose value is undefined and applies toJSON, as the stored JSON does', () => {
    expect(canonicalJson({ a: undefined, b: new Date('2026-01-02T03:04:05.000Z') })).toBe('{"b":"2026-01-02T03:04:05.000Z"}');
  });

  it('writes empty objects and arrays, member names that need escaping, and names past the ones it keeps', () => {
    expect(canonicalJson({ e: {}, a: [], n: { o: [{}] } })).toBe('{"a":[],"e":{},"n":{"o":[{}]}}');
    expect(canonicalJson({ 'q"\\\n': 1 })).toBe('{"q\\"\\\\\\n":1}');
    // More distinct member names than the encoder keeps texts of: the rest are still written exactly.
    const many = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${String(i).padStart(4, '0')}`, i]));
    expect(canonicalJson(many)).toBe(JSON.stringify(many));
    expect(canonicalJson('plain "text"')).toBe('"plain \\"text\\""');
  });

  it('orders members exactly as the default sort does, for few members and many', () => {
    // A fixed pseudo-random sequence: the same cases every run.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const alphabet = ['a', 'B', 'z', '0', '9', '_', 'é', 'Ω', '\u{1F600}', 'ab', '10', '2'];
    for (const size of [0, 1, 2, 3, 8, 24, 25, 40]) {
      const record: Record<string, number> = {};
      while (Object.keys(record).length < size) record[Array.from({ length: 1 + (next() % 3) }, () => alphabet[next() % alphabet.length]).join('')] = next() % 100;
      const expected = `{${Object.keys(record).sort().map((key) => `${JSON.stringify(key)}:${record[key]}`).join(',')}}`;
      expect(canonicalJson(record)).toBe(expected);
    }
  });

  it('is unchanged by a round trip through JSON text', () => {
    const value = { amount: '1000.000001', n: [1, 2.5, -3e-9], nested: { 'ü': { deep: [{}, []] } }, flag: false };
    expect(canonicalJson(JSON.parse(JSON.stringify(value)))).toBe(canonicalJson(value));
  });

  it.each([
    ['NaN', { n: Number.NaN }, '$.n'],
    ['Infinity', { n: [1, Number.POSITIVE_INFINITY] }, '$.n[1]'],
    ['a bigint', { n: 1n }, '$.n'],
    ['a lone surrogate', { s: 'a\uD800b' }, '$.s'],
    ['a lone surrogate in a member name', { ok: { 'x\uDC00': 1 } }, '$.ok'],
    ['undefined in an array', { a: [undefined] }, '$.a[0]'],
    ['a Map', { m: new Map() }, '$.m'],
    ['a function', { f: () => 1 }, '$.f'],
  ])('refuses %s, naming where it is', (_label, value, path) => {
    expect(() => canonicalJson(value)).toThrow(NonCanonicalValueError);
    expect(() => canonicalJson(value)).toThrow(`Cannot hash ${path}`);
  });
});

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

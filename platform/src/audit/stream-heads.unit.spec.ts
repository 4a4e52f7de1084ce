import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatStreamHeads, merkleRoot, parseStreamHeads, type StreamHead } from './stream-heads.js';

const sha = (...parts: (Buffer | string)[]) => createHash('sha256').update(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)))).digest();
const h = (c: string) => c.repeat(64);
const leaf = (stream: string, revision: bigint, hash: string) => sha(Buffer.from([0]), `{"hash":"${hash}","revision":"${revision}","stream":"${stream}"}`);

describe('stream heads and their Merkle root', () => {
  const heads = new Map<string, StreamHead>([
    ['b-1', { revision: 4n, hash: h('b') }],
    ['a-1', { revision: 0n, hash: h('a') }],
    ['c-1', { revision: 12n, hash: h('c') }],
  ]);

  it('is RFC 6962 tree hashing over the heads sorted by stream id', () => {
    const [a, b, c] = [leaf('a-1', 0n, h('a')), leaf('b-1', 4n, h('b')), leaf('c-1', 12n, h('c'))];
    const expected = sha(Buffer.from([1]), sha(Buffer.from([1]), a, b), c).toString('hex');
    expect(merkleRoot(heads)).toBe(expected);
    expect(merkleRoot(new Map())).toBe(sha('').toString('hex'));
    expect(merkleRoot(new Map([['a-1', { revision: 0n, hash: h('a') }]]))).toBe(a.toString('hex'));
  });

  it('changes when any head changes', () => {
    const root = merkleRoot(heads);
    expect(merkleRoot(new Map([...heads, ['b-1', { revision: 3n, hash: h('b') }]]))).not.toBe(root);
    expect(merkleRoot(new Map([...heads].filter(([id]) => id !== 'c-1')))).not.toBe(root);
  });

  it('reads back the record it writes, and refuses one whose heads were edited', () => {
    const text = formatStreamHeads({ commit: 10n, prepare: 7n }, heads);
    const record = parseStreamHeads(text);
    expect(record.heads).toEqual(heads);
    expect(record.upTo).toEqual({ commit: 10n, prepare: 7n });
    expect(() => parseStreamHeads(text.replace('"12"', '"11"'))).toThrow('does not match its heads');
  });
});

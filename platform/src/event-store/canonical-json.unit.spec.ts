import { describe, expect, it } from 'vitest';
import { NonCanonicalValueError, canonicalJson, canonicalString } from './canonical-json.js';

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
    expect(canonicalString('plain "text"')).toBe(canonicalJson('plain "text"'));
    expect(canonicalString('account-1')).toBe('"account-1"');
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

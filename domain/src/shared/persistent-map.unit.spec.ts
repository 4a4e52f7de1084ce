import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PersistentMap } from './persistent-map.js';

describe('a persistent map', () => {
  it('answers like a Map for any sequence of sets (colliding prefixes included) and leaves every earlier version unchanged', () => {
    const key = fc.oneof(fc.string({ maxLength: 3 }), fc.uuid(), fc.constantFrom('a', 'b', 'Aa', 'BB'));
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.integer()), { maxLength: 300 }), (sets) => {
        let map = PersistentMap.empty<number>();
        const reference = new Map<string, number>();
        const versions: [PersistentMap<number>, [string, number][]][] = [];
        for (const [k, v] of sets) {
          map = map.set(k, v);
          reference.set(k, v);
          versions.push([map, [...reference]]);
        }
        for (const [version, entries] of versions) {
          expect([...version]).toEqual(entries);
          expect(version.size).toBe(entries.length);
          for (const [k, v] of entries) expect(version.get(k)).toBe(v);
        }
        expect(map.has('\u0000absent')).toBe(false);
        expect(map).toStrictEqual(PersistentMap.from(reference));
      }),
      { numRuns: 200 },
    );
  });

  it('answers like a Map for any mix of sets and deletes (a key set again after its delete goes last), earlier versions unchanged', () => {
    const key = fc.oneof(fc.string({ maxLength: 2 }), fc.constantFrom('a', 'b', 'Aa', 'BB'));
    const step = fc.oneof(fc.tuple(fc.constant('set' as const), key, fc.integer()), fc.tuple(fc.constant('delete' as const), key, fc.constant(0)));
    fc.assert(
      fc.property(fc.array(step, { maxLength: 300 }), (steps) => {
        let map = PersistentMap.empty<number>();
        const reference = new Map<string, number>();
        const versions: [PersistentMap<number>, [string, number][]][] = [];
        for (const [op, k, v] of steps) {
          if (op === 'set') {
            map = map.set(k, v);
            reference.set(k, v);
          } else {
            map = map.delete(k);
            reference.delete(k);
          }
          versions.push([map, [...reference]]);
        }
        for (const [version, entries] of versions) {
          expect([...version]).toEqual(entries);
          expect(version.size).toBe(entries.length);
          for (const [k, v] of entries) expect(version.get(k)).toBe(v);
        }
        for (const [op, k] of steps) if (op === 'delete' && !reference.has(k)) expect(map.has(k)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('adds to a 10,000-entry map without copying it: 10,000 more sets take milliseconds', () => {
    let map = PersistentMap.from(Array.from({ length: 10_000 }, (_, i) => [`k-${i}`, i] as const));
    const started = performance.now();
    for (let i = 0; i < 10_000; i += 1) map = map.set(`n-${i}`, i);
    expect(map.size).toBe(20_000);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

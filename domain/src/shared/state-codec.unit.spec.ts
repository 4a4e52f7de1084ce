import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptedHistory, op } from '../money/account/arbitraries.js';
import { decodeState, encodeState } from './state-codec.js';

/** Through the snapshot store's wire: encoded, written as JSON text, read back and decoded. */
const roundTrip = (state: unknown) => decodeState(JSON.parse(JSON.stringify(encodeState(state))));

describe('aggregate state as JSON', () => {
  it('brings every account state of any command sequence back exactly: bigint money, maps in order, nulls and nested attempts', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 10, maxLength: 60, size: 'max' }), (steps) => {
        for (const state of acceptedHistory(steps).states) {
          const back = roundTrip(state) as typeof state;
          expect(back).toStrictEqual(state);
          expect(typeof back.balanceMicro).toBe('bigint');
          expect([...back.withdrawals.keys()]).toEqual([...state.withdrawals.keys()]);
        }
      }),
      { numRuns: 200, interruptAfterTimeLimit: 20_000, markInterruptAsFailure: true },
    );
  });

  it('keeps values JSON alone would change: beyond 2^53, negative, undefined, sets, dates and map keys of any kind', () => {
    const state = {
      big: 2n ** 80n + 1n,
      negative: -5n,
      missing: undefined,
      list: [undefined, 1n, null],
      tags: new Set(['a', 'b']),
      at: new Date('2026-11-24T10:00:00.000Z'),
      byAmount: new Map<unknown, unknown>([[1n, 'one'], [{ nested: true }, new Map([['x', 0n]])]]),
    };
    expect(roundTrip(state)).toStrictEqual(state);
  });

  it('refuses what it could not bring back: keys that look like its tags, class instances, functions, NaN', () => {
    expect(() => encodeState({ $bigint: '1' })).toThrow('A state key cannot start with $: $bigint');
    expect(() => encodeState({ when: new (class Clock {})() })).toThrow('plain objects');
    expect(() => encodeState({ f: () => 1 })).toThrow('function');
    expect(() => encodeState({ ratio: Number.NaN })).toThrow('NaN');
  });
});

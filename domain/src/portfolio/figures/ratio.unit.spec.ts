import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compare, decimalText, fixedText, percentText, powInteger, ratio, roundToDecimals } from './ratio.js';

describe('exact ratios rounded once for display', () => {
  it.each([
    [ratio(1n, 20_000n), '0.0001'],
    [ratio(-1n, 20_000n), '-0.0001'],
    [ratio(4_999n, 100_000_000n), '0.0000'],
    [ratio(-4n, 100_000n), '0.0000'],
    [ratio(1n, 3n), '0.3333'],
    [ratio(2n, 3n), '0.6667'],
    [ratio(-2n, 3n), '-0.6667'],
    [ratio(25n, 2n), '12.5000'],
    [ratio(7n, -2n), '-3.5000'],
  ])('rounds %o half away from zero to %s', (value, text) => {
    expect(decimalText(value, 4)).toBe(text);
  });

  it('always shows the fraction digits asked for, and none for zero digits', () => {
    expect(fixedText(5n, 4)).toBe('0.0005');
    expect(fixedText(-123_456n, 2)).toBe('-1234.56');
    expect(fixedText(42n, 0)).toBe('42');
  });

  it('says a fraction in percent: 1/8 is 12.5000 %', () => {
    expect(percentText(ratio(1n, 8n))).toBe('12.5000');
  });

  it('refuses a zero denominator', () => {
    expect(() => ratio(1n, 0n)).toThrow(RangeError);
  });

  it('raises to whole powers exactly, negative ones inverting', () => {
    expect(decimalText(powInteger(ratio(101n, 100n), 2n), 8)).toBe('1.02010000');
    expect(compare(powInteger(ratio(2n, 3n), -3n), ratio(27n, 8n))).toBe(0);
  });

  it('rounds to within half a unit, symmetrically about zero', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.bigInt({ min: 1n, max: 10n ** 20n }), fc.integer({ min: 0, max: 12 }), (num, den, decimals) => {
        const scale = 10n ** BigInt(decimals);
        const rounded = roundToDecimals(ratio(num, den), decimals);
        const error = rounded * den - num * scale;
        expect(2n * (error < 0n ? -error : error) <= den).toBe(true);
        expect(roundToDecimals(ratio(-num, den), decimals)).toBe(-rounded);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceText, isStale, priceText, valueMicro } from './value.js';

describe('valuing a holding exactly', () => {
  it('values 6-, 8- and 18-decimal tokens against 8-decimal feeds to the micro-dollar', () => {
    // 1,234.567891 USDC at $0.99991234
    expect(valueMicro(1_234_567_891n, 6, 99_991_234n, 8)).toBe(1_234_459_669n);
    // 0.5 WBTC (8 decimals) at $64,321.12345678
    expect(valueMicro(50_000_000n, 8, 6_432_112_345_678n, 8)).toBe(32_160_561_728n);
    // 2.5 WETH (18 decimals) at $3,450.12
    expect(valueMicro(2_500_000_000_000_000_000n, 18, 345_012_000_000n, 8)).toBe(8_625_300_000n);
    // One wei of an 18-decimal token is worth nothing at display precision.
    expect(valueMicro(1n, 18, 345_012_000_000n, 8)).toBe(0n);
  });

  it('rounds half up at the micro-dollar, and only there', () => {
    // 1 base unit of a 6-decimal token at $0.5 = 0.5 micro -> 1
    expect(valueMicro(1n, 6, 50_000_000n, 8)).toBe(1n);
    // at $0.49999999 -> 0.49999999 micro -> 0
    expect(valueMicro(1n, 6, 49_999_999n, 8)).toBe(0n);
    // 3 units at $0.5 = 1.5 micro -> 2; 5 units at $0.3 = 1.5 micro -> 2
    expect(valueMicro(3n, 6, 50_000_000n, 8)).toBe(2n);
    expect(valueMicro(5n, 6, 30_000_000n, 8)).toBe(2n);
    // 18-decimal feed too: 1 USDC-unit at 0.5 * 10^18
    expect(valueMicro(1n, 6, 500_000_000_000_000_000n, 18)).toBe(1n);
  });

  it('is zero for a zero balance or price and refuses negative inputs', () => {
    expect(valueMicro(0n, 18, 345_012_000_000n, 8)).toBe(0n);
    expect(valueMicro(10n ** 18n, 18, 0n, 8)).toBe(0n);
    expect(() => valueMicro(-1n, 6, 1n, 8)).toThrow(RangeError);
    expect(() => valueMicro(1n, 6, -1n, 8)).toThrow(RangeError);
    expect(() => valueMicro(1n, 6.5, 1n, 8)).toThrow(RangeError);
  });

  it('never differs from the exact quotient by more than half a micro-dollar', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.constantFrom(0, 6, 8, 18),
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        fc.constantFrom(0, 8, 18),
        (balance, tokenDecimals, answer, feedDecimals) => {
          const value = valueMicro(balance, tokenDecimals, answer, feedDecimals);
          const numerator = balance * answer * 10n ** 6n;
          const denominator = 10n ** BigInt(tokenDecimals + feedDecimals);
          // |value - n/d| <= 1/2, with ties going up: 2n - d < 2*value*d <= 2n + d
          expect(2n * value * denominator).toBeGreaterThan(2n * numerator - denominator);
          expect(2n * value * denominator).toBeLessThanOrEqual(2n * numerator + denominator);
        },
      ),
    );
  });
});

describe('a stale price', () => {
  it('is one older than its heartbeat at the read block; exactly the heartbeat is still fresh', () => {
    expect(isStale(1_000, 3_600, 4_600)).toBe(false);
    expect(isStale(1_000, 3_600, 4_601)).toBe(true);
    expect(isStale(1_000, 3_600, 900)).toBe(false);
  });
});

describe('exact decimal text', () => {
  it('writes prices and balances without rounding', () => {
    expect(priceText(345_012_345_678n, 8)).toBe('3450.12345678');
    expect(priceText(1n, 0)).toBe('1');
    expect(balanceText(1n, 18)).toBe('0.000000000000000001');
    expect(balanceText(2_500_000_000_000_000_000n, 18)).toBe('2.5');
  });
});

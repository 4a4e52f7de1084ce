import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from './instant.js';
import { annualisedPercent } from './performance.js';
import { power } from './power.js';
import { decimalText, ONE, percentText, powInteger, ratio, sub } from './ratio.js';

// Reference values computed to 200 significant digits with Python's decimal module.
describe('APY: a return compounded to a 365-day year', () => {
  it.each([
    ['1 % over 30 days', ratio(101n, 100n), 30n, '12.8695'],
    ['0 % over 30 days', ratio(1n), 30n, '0.0000'],
    ['-50 % over 30 days', ratio(1n, 2n), 30n, '-99.9782'],
    ['0.1 % over 7 days', ratio(1_001n, 1_000n), 7n, '5.3499'],
    ['5 % over 10 days', ratio(105n, 100n), 10n, '493.4845'],
    ['-99.9999 % over 7 days', ratio(1n, 1_000_000n), 7n, '-100.0000'],
    ['1000 % over 7 days', ratio(11n), 7n, '200073703741164186551096877443651122053083010593950927460.0053'],
    ['everything lost', ratio(0n), 30n, '-100.0000'],
  ])('%s gives %s %%', (_case, growth, days, apy) => {
    expect(annualisedPercent(growth, days * DAY_MS)).toBe(apy);
  });

  it('annualises over a fraction of a day exactly as over whole days (0.0001 % over 12 hours is 0.0730 %)', () => {
    expect(annualisedPercent(ratio(1_000_001n, 1_000_000n), DAY_MS / 2n)).toBe('0.0730');
  });

  it('uses the exact whole power when the year is a whole number of periods (1 % over 365/20 days, 20 times)', () => {
    const twentyPeriods = powInteger(ratio(101n, 100n), 20n);
    expect(annualisedPercent(ratio(101n, 100n), (365n * DAY_MS) / 20n)).toBe(percentText(sub(twentyPeriods, ONE)));
    expect(percentText(sub(twentyPeriods, ONE))).toBe('22.0190');
  });

  it('refuses a period that is not positive', () => {
    expect(() => annualisedPercent(ratio(1n), 0n)).toThrow(RangeError);
  });
});

describe('fractional powers in bigint fixed point', () => {
  it('gives the square root of 2 to 38 digits', () => {
    expect(decimalText(power(ratio(2n), ratio(1n, 2n)), 38)).toBe('1.41421356237309504880168872420969807857');
  });

  it('refuses a negative base and a negative power of zero', () => {
    expect(() => power(ratio(-1n), ratio(1n, 2n))).toThrow(RangeError);
    expect(() => power(ratio(0n), ratio(-1n, 2n))).toThrow(RangeError);
  });

  it('undoes itself: (b ^ (1/q)) ^ q is b to 20 digits, for bases far from 1 either way', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 24n }), fc.bigInt({ min: 1n, max: 10n ** 24n }), fc.integer({ min: 2, max: 60 }), (num, den, q) => {
        const base = ratio(num, den);
        const root = power(base, ratio(1n, BigInt(q)));
        const back = powInteger(root, BigInt(q));
        // compared relative to the base's size: both scaled by den so a tiny base keeps 20 significant digits
        expect(decimalText(ratio(back.num * den, back.den), 0)).toBe(decimalText(ratio(num), 0));
      }),
    );
  });
});

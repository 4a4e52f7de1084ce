import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FeePercentage,
  feeMicro,
  formatMicroUsdc,
  fromMicroText,
  MAX_AMOUNT_MICRO,
  MicroUsdc,
  microToNumber,
  parseUsdc,
  toMicroText,
  UsdcAmount,
  usdcAmount,
} from './money.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('reading USDC amounts exactly', () => {
  it.each([
    [12.5, 12_500_000n],
    ['12.5', 12_500_000n],
    [0.1, 100_000n],
    ['0.000001', 1n],
    [0, 0n],
    [-0, 0n],
    ['  7 ', 7_000_000n],
    ['1000000.123456', 1_000_000_123_456n],
  ])('reads %j as %s micro-USDC', (input, micro) => {
    expect(UsdcAmount.parse(input)).toBe(micro);
  });

  it('refuses a float sum that is not a 6-decimal amount (0.1 + 0.2)', () => {
    expect(UsdcAmount.safeParse(0.1 + 0.2).success).toBe(false);
  });

  it.each([
    [Number.NaN, 'Amount must be a number in USDC, such as 12.5'],
    [Number.POSITIVE_INFINITY, 'Amount must be a number in USDC, such as 12.5'],
    ['1e3', 'Amount must be a number in USDC, such as 12.5'],
    [1e21, 'Amount must be a number in USDC, such as 12.5'],
    ['.5', 'Amount must be a number in USDC, such as 12.5'],
    ['5.', 'Amount must be a number in USDC, such as 12.5'],
    ['+5', 'Amount must be a number in USDC, such as 12.5'],
    ['0x10', 'Amount must be a number in USDC, such as 12.5'],
    [true, 'Amount must be a number in USDC, such as 12.5'],
    [{}, 'Amount must be a number in USDC, such as 12.5'],
    [-1, 'Amount must not be negative'],
    ['-0.5', 'Amount must not be negative'],
    ['1.0000001', 'Amount can have at most 6 decimal places'],
    [1e-7, 'Amount must be a number in USDC, such as 12.5'],
    [undefined, 'Amount is required'],
    [null, 'Amount is required'],
    ['   ', 'Amount is required'],
    ['1000000000000.000001', 'Amount must be at most 1000000000000 USDC'],
  ])('refuses %j with "%s"', (input, message) => {
    expect(messages(UsdcAmount.safeParse(input))).toEqual([message]);
  });

  it('applies a minimum and one product message for every failure when given', () => {
    const amount = usdcAmount({ minMicro: 10_000n, message: 'Please enter a valid amount (minimum 0.01 USDC)' });
    expect(amount.parse('0.01')).toBe(10_000n);
    for (const bad of ['0.009999', 0, 'abc', -5, undefined]) {
      expect(messages(amount.safeParse(bad))).toEqual(['Please enter a valid amount (minimum 0.01 USDC)']);
    }
  });

  it('reports why an amount text is refused', () => {
    expect(parseUsdc('1.1234567')).toEqual({ ok: false, problem: 'precision' });
    expect(parseUsdc('-1')).toEqual({ ok: false, problem: 'negative' });
    expect(parseUsdc('1,5')).toEqual({ ok: false, problem: 'format' });
  });
});

describe('showing micro-USDC', () => {
  it.each([
    [0n, '0'],
    [1n, '0.000001'],
    [10_000n, '0.01'],
    [12_500_000n, '12.5'],
    [1_000_000n, '1'],
    [-2_500_000n, '-2.5'],
    [123_456_789_012n, '123456.789012'],
  ])('formats %s as %s', (micro, text) => {
    expect(formatMicroUsdc(micro)).toBe(text);
  });

  it('gives the nearest number for display', () => {
    expect(microToNumber(12_345_678n)).toBe(12.345678);
    expect(microToNumber(0n)).toBe(0);
  });

  it('reads back any amount it formats (parse(format(x)) == x)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_AMOUNT_MICRO }), (micro) => {
        expect(UsdcAmount.parse(formatMicroUsdc(micro))).toBe(micro);
        expect(formatMicroUsdc(micro)).not.toMatch(/\.\d*0$/);
      }),
    );
  });

  it('round-trips the micro text carried in events', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 29n }), (micro) => {
        const text = toMicroText(micro);
        expect(MicroUsdc.safeParse(text).success).toBe(true);
        expect(fromMicroText(text)).toBe(micro);
      }),
    );
    expect(MicroUsdc.safeParse('012').success).toBe(false);
    expect(MicroUsdc.safeParse('1.5').success).toBe(false);
    expect(MicroUsdc.safeParse(15).success).toBe(false);
    expect(() => fromMicroText('1e6')).toThrow(RangeError);
  });
});

/** Reference: round(amount * hundredths / 10000) half-up, by quotient and remainder. */
function referenceFee(amount: bigint, hundredths: bigint): bigint {
  const product = amount * hundredths;
  const quotient = product / 10_000n;
  return product % 10_000n >= 5_000n ? quotient + 1n : quotient;
}

const percentText = (hundredths: number) => formatMicroUsdc(BigInt(hundredths) * 10_000n);

describe('deposit fee', () => {
  it.each([
    [1_000_000n, '2.5', 25_000n],
    [1_000_000n, '0', 0n],
    [1_000_000n, '100', 1_000_000n],
    [1n, '50', 1n],
    [1n, '49.99', 0n],
    [3n, '50', 2n],
    [123_456_789n, '1.23', 1_518_519n],
  ])('charges %s micro at %s%% as %s micro, rounding half-up', (amount, percent, fee) => {
    expect(feeMicro(amount, percent)).toBe(fee);
  });

  it('is exact against integer arithmetic and never exceeds the amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_AMOUNT_MICRO }), fc.integer({ min: 0, max: 10_000 }), (amount, hundredths) => {
        const fee = feeMicro(amount, percentText(hundredths));
        expect(fee).toBe(referenceFee(amount, BigInt(hundredths)));
        expect(fee).toBeGreaterThanOrEqual(0n);
        expect(fee).toBeLessThanOrEqual(amount);
      }),
    );
  });

  it('refuses a percentage outside 0..100 or with more than 2 decimals, and a negative amount', () => {
    expect(() => feeMicro(100n, '100.01')).toThrow(RangeError);
    expect(() => feeMicro(100n, '2.555')).toThrow(RangeError);
    expect(() => feeMicro(100n, '-1')).toThrow(RangeError);
    expect(() => feeMicro(-1n, '1')).toThrow(RangeError);
  });

  it('reads a plan fee percentage to its canonical text', () => {
    expect(FeePercentage.parse(2.5)).toBe('2.5');
    expect(FeePercentage.parse('02.50')).toBe('2.5');
    expect(FeePercentage.parse(100)).toBe('100');
    expect(messages(FeePercentage.safeParse(100.5))).toEqual(['Fee percentage must be a number between 0 and 100']);
    expect(messages(FeePercentage.safeParse('1.234'))).toEqual(['Fee percentage can have at most 2 decimal places']);
    expect(messages(FeePercentage.safeParse(undefined))).toEqual(['Fee percentage is required']);
    expect(messages(FeePercentage.safeParse(false))).toEqual(['Fee percentage must be a number between 0 and 100']);
  });
});

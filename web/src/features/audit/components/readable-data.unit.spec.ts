import { describe, expect, it } from 'vitest';
import { readableData, usdcFromMicro } from './readable-data';

describe('event data for auditors', () => {
  it('shows micro-units as exact USDC amounts', () => {
    expect(usdcFromMicro('250123456')).toBe('250.123456 USDC');
    expect(usdcFromMicro('5')).toBe('0.000005 USDC');
    expect(usdcFromMicro('-1000000')).toBe('-1.000000 USDC');
    expect(usdcFromMicro('123456789012345678901234567890')).toBe('123456789012345678901234.567890 USDC');
    expect(usdcFromMicro('2.5')).toBeUndefined();
    expect(usdcFromMicro(250)).toBeUndefined();
  });

  it('rewrites money fields at any depth and leaves everything else as recorded', () => {
    expect(
      readableData({ amountMicro: '250123456', feePercentage: '2.5', payout: { feeMicro: '1000' }, items: [{ balanceMicro: '0' }], count: 3, note: null }),
    ).toEqual({ amountMicro: '250.123456 USDC', feePercentage: '2.5', payout: { feeMicro: '0.001000 USDC' }, items: [{ balanceMicro: '0.000000 USDC' }], count: 3, note: null });
    // A field named like money that does not hold micro-units stays as it is.
    expect(readableData({ amountMicro: 'unknown' })).toEqual({ amountMicro: 'unknown' });
  });
});

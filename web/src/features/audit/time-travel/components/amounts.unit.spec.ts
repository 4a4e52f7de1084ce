import { describe, expect, it } from 'vitest';
import { instantOfInput, nowAsInput, usdcText } from './amounts';

describe('time travel amounts and instants', () => {
  it('groups the whole part of an exact amount and keeps every decimal', () => {
    expect(usdcText({ micro: '1234567500000', usdc: '1234567.5' })).toBe('1,234,567.5 USDC');
    expect(usdcText({ micro: '1', usdc: '0.000001' })).toBe('0.000001 USDC');
    expect(usdcText({ micro: '0', usdc: '0' })).toBe('0 USDC');
    expect(usdcText({ micro: '-1000000000', usdc: '-1000' })).toBe('-1,000 USDC');
  });

  it('reads the instant input as UTC', () => {
    expect(instantOfInput('2026-11-24T12:00:00.123')).toBe('2026-11-24T12:00:00.123Z');
    expect(instantOfInput('  ')).toBeUndefined();
    expect(nowAsInput(new Date('2026-11-24T12:00:00.123Z'))).toBe('2026-11-24T12:00:00.123');
  });
});

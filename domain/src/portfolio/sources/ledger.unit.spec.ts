import { describe, expect, it } from 'vitest';
import { ledgerSources } from './ledger.js';
import { valueMicro } from './value.js';

describe('ledger sources (no chain configured)', () => {
  const credited = new Map([
    ['member-a', 125_500_000n],
    ['member-b', 0n],
  ]);
  const sources = ledgerSources({
    creditedMicro: async (userId) => credited.get(userId) ?? 0n,
    now: () => new Date('2026-11-24T10:00:30.900Z'),
  });

  it('holds the credited USDC of each member as one USDC holding', async () => {
    const pin = await sources.pins.pin();
    // Whole seconds for heartbeats, and the clock's millisecond to order the valuation with deposits of the same second.
    expect(pin).toEqual({ blockNumber: null, timestamp: Date.parse('2026-11-24T10:00:30Z') / 1000, instantMs: Date.parse('2026-11-24T10:00:30.900Z') });
    const round = await sources.holdings.balances(
      [
        { userId: 'member-a', address: null },
        { userId: 'member-b', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
      ],
      pin,
    );
    expect(round.failures).toEqual([]);
    expect(round.holdings.get('member-a')).toEqual([{ symbol: 'USDC', decimals: 6, balance: 125_500_000n }]);
    expect(round.holdings.get('member-b')).toEqual([{ symbol: 'USDC', decimals: 6, balance: 0n }]);
  });

  it('prices USDC at exactly one dollar, never stale, so value equals the credited balance', async () => {
    const pin = await sources.pins.pin();
    const { prices, failures } = await sources.prices.prices(pin);
    expect(failures).toEqual([]);
    const usdc = prices.get('USDC');
    expect(usdc).toEqual({ symbol: 'USDC', answer: 1n, decimals: 0, updatedAt: pin.timestamp, stale: false });
    if (!usdc) throw new Error('no USDC price');
    expect(valueMicro(125_500_000n, 6, usdc.answer, usdc.decimals)).toBe(125_500_000n);
  });
});

import { describe, expect, it } from 'vitest';
import { PortfolioSnapshotRecorded } from '@concierge/contracts';
import type { HoldingsRound, PortfolioSources, PriceRound } from '../sources/ports.js';
import { snapshotIdOf, valuation, type SnapshotTarget } from './record-snapshots.js';

const pin = { blockNumber: 1234, timestamp: 1_795_000_000 };
const chain = { kind: 'chain' } as PortfolioSources;
const names: Record<string, string> = { USDC: 'USD Coin', WETH: 'Wrapped Ether', LINK: 'Chainlink', AAVE: 'Aave' };
const deps = { sources: chain, chainId: 43114, tokenName: (symbol: string) => names[symbol] ?? symbol };
const target: SnapshotTarget = { userId: 'm1', address: '0x00000000000000000000000000000000000000a1', slot: '2026-11-24T12:00:00.000Z', reason: 'schedule', requestId: null };

const holdings: HoldingsRound = {
  pin,
  holdings: new Map([
    [
      'm1',
      [
        { symbol: 'USDC', decimals: 6, balance: 2_500_000n },
        { symbol: 'WETH', decimals: 18, balance: 10n ** 18n / 2n },
        { symbol: 'LINK', decimals: 18, balance: 0n },
        { symbol: 'AAVE', decimals: 18, balance: 10n ** 18n },
      ],
    ],
  ]),
  failures: [
    { symbol: 'WBTC', contract: '0xb', reason: 'balanceOf reverted', userIds: ['m1'] },
    { symbol: 'UNI', contract: '0xc', reason: 'balanceOf reverted', userIds: ['someone-else'] },
  ],
};
const prices: PriceRound = {
  pin,
  prices: new Map([
    ['USDC', { symbol: 'USDC', answer: 100_000_000n, decimals: 8, updatedAt: pin.timestamp - 60, stale: false }],
    ['WETH', { symbol: 'WETH', answer: 3_000_12345678n, decimals: 8, updatedAt: pin.timestamp - 90_000, stale: true }],
  ]),
  failures: [{ symbol: 'AAVE', contract: '0xf', reason: 'latestRoundData() reverted', userIds: [] }],
};

describe("one member's valuation from a batch's reads", () => {
  const valued = valuation(deps, target, holdings, prices);

  it('values each held token exactly at its price, leaves zero balances out, and totals the values', () => {
    expect(valued.holdings.map((h) => [h.symbol, h.name, h.balance, h.valueMicro])).toEqual([
      ['USDC', 'USD Coin', '2500000', '2500000'],
      ['WETH', 'Wrapped Ether', '500000000000000000', '1500061728'],
    ]);
    expect(valued.totalValueMicro).toBe('1502561728');
  });

  it('flags a price older than its heartbeat as stale, with the time it was last updated', () => {
    expect(valued.holdings.find((h) => h.symbol === 'WETH')).toMatchObject({ stale: true, priceUpdatedAt: new Date((pin.timestamp - 90_000) * 1000).toISOString() });
    expect(valued.holdings.find((h) => h.symbol === 'USDC')?.stale).toBe(false);
  });

  it("lists the member's unreadable balances and held tokens without a price, outside the total", () => {
    expect(valued.failures).toEqual([
      { symbol: 'WBTC', reason: 'balanceOf reverted' },
      { symbol: 'AAVE', reason: 'latestRoundData() reverted' },
    ]);
  });

  it('records the pin, source and slot, and satisfies the contract', () => {
    expect(valued).toMatchObject({ userId: 'm1', snapshotId: snapshotIdOf('m1', target.slot), source: 'chain', chainId: 43114, blockNumber: 1234, asOf: new Date(pin.timestamp * 1000).toISOString() });
    expect(() => PortfolioSnapshotRecorded.parse({ ...valued, recordedAt: valued.asOf })).not.toThrow();
    expect(snapshotIdOf('m1', target.slot)).not.toBe(snapshotIdOf('m1', 'request:r1'));
  });
});

import { describe, expect, it } from 'vitest';
import { portfolioBreakdown, UNCLASSIFIED_GROUP, type StrategyGroupInput } from './breakdown.js';

const usdc = (amount: bigint) => amount * 1_000_000n;
const group = (name: string, riskTenths: number, tokenSymbols: string[]): StrategyGroupInput => ({
  id: name,
  name,
  displayName: name.toUpperCase(),
  description: `${name} tokens`,
  color: '#22C55E',
  riskTenths,
  tokenSymbols,
});
const stablecoins = group('stablecoins', 1, ['USDC', 'USDT']);
const largeCaps = group('largeCaps', 5, ['WETH', 'WBTC']);

describe('portfolio breakdown by strategy group', () => {
  it('puts each holding in the group that lists its symbol, and the rest in an unclassified bucket at the highest risk', () => {
    const breakdown = portfolioBreakdown(
      [
        { symbol: 'USDC', valueMicro: usdc(500n) },
        { symbol: 'usdt', valueMicro: usdc(100n) },
        { symbol: 'WETH', valueMicro: usdc(300n) },
        { symbol: 'PEPE', valueMicro: usdc(100n) },
      ],
      [stablecoins, largeCaps],
    );
    expect(breakdown.totalValueMicro).toBe(usdc(1_000n));
    expect(breakdown.entries).toEqual([
      { id: 'stablecoins', name: 'stablecoins', displayName: 'STABLECOINS', description: 'stablecoins tokens', color: '#22C55E', riskTenths: 1, valueMicro: usdc(600n), percentage: '60.0000', hidden: false },
      { id: 'largeCaps', name: 'largeCaps', displayName: 'LARGECAPS', description: 'largeCaps tokens', color: '#22C55E', riskTenths: 5, valueMicro: usdc(300n), percentage: '30.0000', hidden: false },
      { id: 'unclassified', name: 'unclassified', displayName: 'Unclassified', description: UNCLASSIFIED_GROUP.description, color: '#9CA3AF', riskTenths: 10, valueMicro: usdc(100n), percentage: '10.0000', hidden: false },
    ]);
  });

  it('has no unclassified bucket when every holding is classified, and keeps a group holding nothing, hidden', () => {
    const breakdown = portfolioBreakdown([{ symbol: 'USDC', valueMicro: usdc(1n) }], [stablecoins, largeCaps]);
    expect(breakdown.entries.map((entry) => [entry.name, entry.percentage, entry.hidden])).toEqual([
      ['stablecoins', '100.0000', false],
      ['largeCaps', '0.0000', true],
    ]);
  });

  it('hides a group below 0.01 % exactly, not one at 0.01 %', () => {
    const atOneBasisPoint = portfolioBreakdown([{ symbol: 'USDC', valueMicro: 9_999n }, { symbol: 'WETH', valueMicro: 1n }], [stablecoins, largeCaps]);
    expect(atOneBasisPoint.entries[1]).toMatchObject({ percentage: '0.0100', hidden: false });
    const below = portfolioBreakdown([{ symbol: 'USDC', valueMicro: 10_000n }, { symbol: 'WETH', valueMicro: 1n }], [stablecoins, largeCaps]);
    // 1 / 10001 is 0.009999 %: shown rounded as 0.0100 but below the line, so hidden
    expect(below.entries[1]).toMatchObject({ percentage: '0.0100', hidden: true });
  });

  it('hides everything when nothing is held', () => {
    const breakdown = portfolioBreakdown([], [stablecoins]);
    expect(breakdown).toEqual({ totalValueMicro: 0n, entries: [expect.objectContaining({ valueMicro: 0n, percentage: '0.0000', hidden: true })] });
  });

  it('gives a symbol listed by two groups to the first one', () => {
    const breakdown = portfolioBreakdown([{ symbol: 'USDC', valueMicro: 5n }], [stablecoins, group('dollars', 0, ['USDC'])]);
    expect(breakdown.entries.map((entry) => entry.valueMicro)).toEqual([5n, 0n]);
  });

  it('refuses a negative value and a risk weight that is not whole tenths from 0 to 10', () => {
    expect(() => portfolioBreakdown([{ symbol: 'USDC', valueMicro: -1n }], [stablecoins])).toThrow(RangeError);
    expect(() => portfolioBreakdown([], [group('odd', 0.5, ['X'])])).toThrow(RangeError);
    expect(() => portfolioBreakdown([], [group('odd', 11, ['X'])])).toThrow(RangeError);
  });
});

import { riskLevelForWeight } from '@concierge/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { portfolioBreakdown, type StrategyGroupInput } from './breakdown.js';
import { riskLevelOfScore, riskProfile } from './risk-profile.js';

const group = (name: string, riskTenths: number): StrategyGroupInput => ({
  id: name,
  name,
  displayName: name,
  description: '',
  color: '#3B82F6',
  riskTenths,
  tokenSymbols: [name.toUpperCase()],
});
/** A portfolio of `parts` (value in micro-USDC per risk weight in tenths). */
const profileOf = (parts: readonly (readonly [riskTenths: number, valueMicro: bigint])[]) =>
  riskProfile(
    portfolioBreakdown(
      parts.map(([tenths, valueMicro]) => ({ symbol: `W${tenths}`, valueMicro })),
      parts.map(([tenths]) => group(`w${tenths}`, tenths)),
    ),
  );

describe('risk profile: the value-weighted mean of the groups risk weights', () => {
  it('weighs each group by its value and shows the score times 100', () => {
    // 60 % at 0.1, 30 % at 0.5, 10 % unclassified (1.0): 0.06 + 0.15 + 0.10
    const breakdown = portfolioBreakdown(
      [
        { symbol: 'W1', valueMicro: 600n },
        { symbol: 'W5', valueMicro: 300n },
        { symbol: 'PEPE', valueMicro: 100n },
      ],
      [group('w1', 1), group('w5', 5)],
    );
    expect(riskProfile(breakdown)).toEqual({ score: '0.3100', scoreOutOf100: '31.00', level: 'moderate' });
  });

  it.each([
    ['exactly 0.3', [[3, 1n]], '0.3000', 'conservative'],
    ['0.3 and a hair, shown as 0.3000', [[3, 99_999n], [4, 1n]], '0.3000', 'conservative'],
    ['just over 0.3 as shown', [[3, 9_999n], [4, 10n]], '0.3001', 'moderate'],
    ['exactly 0.6', [[6, 1n]], '0.6000', 'moderate'],
    ['just over 0.6 as shown', [[6, 9_990n], [7, 10n]], '0.6001', 'aggressive'],
    ['all at 0', [[0, 5n]], '0.0000', 'conservative'],
    ['all at 1', [[10, 5n]], '1.0000', 'aggressive'],
  ] as const)('a score of %s reads %s, %s', (_case, parts, score, level) => {
    expect(profileOf(parts)).toMatchObject({ score, level });
  });

  it('reads a portfolio held in one group as that group reads by default', () => {
    for (let tenths = 0; tenths <= 10; tenths += 1) {
      expect(profileOf([[tenths, 1_000n]])?.level).toBe(riskLevelForWeight(tenths / 10));
      expect(riskLevelOfScore(BigInt(tenths) * 1_000n)).toBe(riskLevelForWeight(tenths / 10));
    }
  });

  it('has no profile when nothing is held', () => {
    expect(profileOf([[5, 0n]])).toBeNull();
  });

  it('stays between the lowest and the highest weight held', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 10 }), fc.bigInt({ min: 1n, max: 10n ** 15n })), { minLength: 1, maxLength: 11 }), (parts) => {
        const unique = [...new Map(parts.map(([tenths, value]) => [tenths, value])).entries()];
        const scaled = BigInt((profileOf(unique)?.score ?? '').replace('.', ''));
        const tenths = unique.map(([weight]) => BigInt(weight) * 1_000n);
        expect(scaled >= tenths.reduce((a, b) => (a < b ? a : b))).toBe(true);
        expect(scaled <= tenths.reduce((a, b) => (a > b ? a : b))).toBe(true);
      }),
    );
  });
});

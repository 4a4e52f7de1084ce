import { describe, expect, it } from 'vitest';
import { portfolioBreakdown } from './breakdown.js';
import { diversification, diversificationLabel, diversificationScore } from './diversification.js';
import { ratio } from './ratio.js';

describe('diversification from the largest group share', () => {
  it.each([
    ['all in one group', ratio(1n), 25],
    ['just over 80 %', ratio(800_001n, 1_000_000n), 25],
    ['exactly 80 %', ratio(80n, 100n), 50],
    ['just over 60 %', ratio(600_001n, 1_000_000n), 50],
    ['exactly 60 %', ratio(3n, 5n), 75],
    ['just over 40 %', ratio(400_001n, 1_000_000n), 75],
    ['exactly 40 %', ratio(2n, 5n), 90],
    ['a quarter', ratio(1n, 4n), 90],
  ] as const)('%s scores %i', (_case, share, score) => {
    expect(diversificationScore(share)).toBe(score);
  });

  it.each([
    [0, 'Highly concentrated'],
    [24, 'Highly concentrated'],
    [25, 'Concentrated'],
    [49, 'Concentrated'],
    [50, 'Moderately diversified'],
    [74, 'Moderately diversified'],
    [75, 'Well diversified'],
    [90, 'Well diversified'],
  ] as const)('a score of %i reads %s', (score, label) => {
    expect(diversificationLabel(score)).toBe(label);
  });

  it('takes the largest group, the unclassified bucket included, to the micro-USDC', () => {
    const groups = [{ id: 'a', name: 'a', displayName: 'A', description: '', color: '#22C55E', riskTenths: 1, tokenSymbols: ['A'] }];
    const exactlyFourFifths = portfolioBreakdown([{ symbol: 'X', valueMicro: 800n }, { symbol: 'A', valueMicro: 200n }], groups);
    expect(diversification(exactlyFourFifths)).toEqual({ score: 50, label: 'Moderately diversified' });
    const overFourFifths = portfolioBreakdown([{ symbol: 'X', valueMicro: 801n }, { symbol: 'A', valueMicro: 199n }], groups);
    expect(diversification(overFourFifths)).toEqual({ score: 25, label: 'Concentrated' });
  });

  it('has no score when nothing is held', () => {
    expect(diversification(portfolioBreakdown([], []))).toBeNull();
  });
});

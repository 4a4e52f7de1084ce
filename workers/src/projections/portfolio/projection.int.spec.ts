import { describe, expect, it } from 'vitest';
import type { NewEvent } from '@concierge/platform/event-store/port';
import { feeMicro, portfolioAnswer, type PortfolioAnswer, type PortfolioReadModel, type SnapshotHolding } from '@concierge/contracts';
import { performanceFigures, type Contribution, type ValuationPoint } from '@concierge/domain/portfolio/figures/index';
import { at, deposited, envelope, requested, withdrawalMoved } from '../accounts/money-history.js';
import { useProjectionHarness } from '../testing/projection-harness.js';
import { PORTFOLIO_ANSWERS_COLLECTION, PORTFOLIO_COLLECTION, PORTFOLIO_GROUPS_COLLECTION, portfolioProjection } from './projection.js';

const usdc = (micro: bigint): SnapshotHolding => ({
  symbol: 'USDC',
  name: 'USD Coin',
  decimals: 6,
  balance: micro.toString(),
  priceAnswer: '1',
  priceDecimals: 0,
  priceUpdatedAt: null,
  stale: false,
  valueMicro: micro.toString(),
});

/** A token priced by an 8-decimal feed; `valueMicro` as the snapshot job would have computed it. */
const token = (symbol: string, valueMicro: bigint, stale = false): SnapshotHolding => ({
  symbol,
  name: `${symbol} token`,
  decimals: 18,
  balance: '1000000000000000000',
  priceAnswer: (valueMicro * 100n).toString(),
  priceDecimals: 8,
  priceUpdatedAt: at(0),
  stale,
  valueMicro: valueMicro.toString(),
});

let snapshots = 0;
/** A valuation of the member's holdings at `minute` (ledger source unless a block is given). */
function valued(userId: string, minute: number, holdings: SnapshotHolding[], blockNumber: number | null = null): NewEvent {
  snapshots += 1;
  const data = {
    userId,
    snapshotId: `snap-${snapshots}`,
    slot: at(minute),
    reason: 'schedule',
    requestId: null,
    source: blockNumber === null ? 'ledger' : 'chain',
    chainId: blockNumber === null ? null : 43114,
    blockNumber,
    asOf: at(minute),
    holdings,
    failures: [],
    totalValueMicro: holdings.reduce((sum, h) => sum + BigInt(h.valueMicro), 0n).toString(),
    recordedAt: at(minute),
  };
  return envelope('PortfolioSnapshotRecorded', data, at(minute));
}

const group = (strategyId: string, name: string, riskWeight: number, tokenSymbols: string[], color: string) => ({
  strategyId,
  name,
  displayName: name[0]?.toUpperCase() + name.slice(1),
  description: `The ${name} group`,
  color,
  riskLevel: riskWeight <= 0.3 ? 'conservative' : riskWeight <= 0.6 ? 'moderate' : 'aggressive',
  riskWeight,
  tokenSymbols,
});

describe('portfolio projection', () => {
  const harness = useProjectionHarness(portfolioProjection, 'portfolioproj');
  const portfolio = (userId: string) => harness.readStore.collection<PortfolioReadModel>(PORTFOLIO_COLLECTION).get(userId);
  const answer = (userId: string) => harness.readStore.collection<PortfolioAnswer>(PORTFOLIO_ANSWERS_COLLECTION).get(userId);

  it('shows a member whose only flows are deposits (net of the fee) and a withdrawal at constant prices 0 earnings and 0 % change', async () => {
    await harness.append('account-ledger', deposited('ledger', 'd1', 100_000_000n, '1', 10));
    await harness.append('portfolio-ledger', valued('ledger', 20, [usdc(99_000_000n)]));
    await harness.append('account-ledger', deposited('ledger', 'd2', 50_000_000n, '2.5', 70));
    await harness.append('portfolio-ledger', valued('ledger', 80, [usdc(147_750_000n)]));
    await harness.append('account-ledger', requested('ledger', 'w1', 20_000_000n, 125), withdrawalMoved('ledger', 'w1', 'completed', 130));
    await harness.append('portfolio-ledger', valued('ledger', 140, [usdc(127_750_000n)]));
    await harness.catchUp();

    const doc = await portfolio('ledger');
    expect(doc?.performance).toEqual({
      dailyChange: '0.0000',
      weeklyChange: '0.0000',
      monthlyChange: '0.0000',
      dailyChangeMicro: '0',
      weeklyChangeMicro: '0',
      monthlyChangeMicro: '0',
      apy: null,
      earningsMicro: '0',
      netContributionsMicro: '127750000',
    });
    expect(doc?.latest).toMatchObject({ asOf: at(140), source: 'ledger', chainId: null, totalValueMicro: '127750000', anyStale: false });
    expect(doc?.series.map((p) => p.valueMicro)).toEqual(['99000000', '147750000', '127750000']);
    expect(doc?.netContributionsMicro).toBe('127750000');
  });

  it('does not count a deposit credited after the latest valuation as earned or lost before a valuation holds it', async () => {
    await harness.append('account-ledger', deposited('ledger', 'd3', 10_000_000n, '0', 150));
    await harness.catchUp();
    const doc = await portfolio('ledger');
    expect(doc?.performance).toMatchObject({ earningsMicro: '0', netContributionsMicro: '127750000' });
    expect(doc?.netContributionsMicro).toBe('137750000');
  });

  it('classifies holdings by the strategy groups as they stood at the valuation: breakdown, hidden groups, risk and diversification', async () => {
    await harness.append('strategy-g1', envelope('StrategyGroupCreated', { ...group('g1', 'stablecoins', 0.1, ['USDC', 'DAI'], '#22C55E'), createdAt: at(1) }, at(1)));
    await harness.append('strategy-g2', envelope('StrategyGroupCreated', { ...group('g2', 'largeCaps', 0.5, ['WETH', 'WBTC'], '#3B82F6'), createdAt: at(2) }, at(2)));
    await harness.append('strategy-g3', envelope('StrategyGroupCreated', { ...group('g3', 'others', 0.8, ['LINK'], '#F59E0B'), createdAt: at(3) }, at(3)));
    // 600 USDC, 399.99 WETH and a speck of LINK below 0.01 %, with a stale price on it
    await harness.append('portfolio-mixed', valued('mixed', 100, [usdc(600_000_000n), token('WETH', 399_990_000n), token('LINK', 10_000n, true)], 1234));
    await harness.catchUp();

    const doc = await portfolio('mixed');
    expect(doc?.breakdown).toEqual({
      stablecoins: { displayName: 'Stablecoins', description: 'The stablecoins group', color: '#22C55E', valueMicro: '600000000', percentage: '60.0000', hidden: false },
      largeCaps: { displayName: 'LargeCaps', description: 'The largeCaps group', color: '#3B82F6', valueMicro: '399990000', percentage: '39.9990', hidden: false },
      others: { displayName: 'Others', description: 'The others group', color: '#F59E0B', valueMicro: '10000', percentage: '0.0010', hidden: true },
    });
    expect(doc?.latest?.holdings.map((h) => [h.symbol, h.strategy, h.stale])).toEqual([
      ['USDC', 'stablecoins', false],
      ['WETH', 'largeCaps', false],
      ['LINK', 'others', true],
    ]);
    expect(doc?.latest).toMatchObject({ source: 'chain', chainId: 43114, blockNumber: 1234, anyStale: true, totalValueMicro: '1000000000' });
    // (600 * 1 + 399.99 * 5 + 0.01 * 8) / (1000 * 10) = 0.259997 -> 0.2600
    expect(doc?.riskProfile).toEqual({ score: '0.2600', level: 'conservative' });
    // the largest share is 60 %: not over 60 %, so 75
    expect(doc?.diversification).toEqual({ score: 75, label: 'Well diversified' });
  });

  it('keeps a valuation classified as it was when a group changes later; the next valuation follows the change', async () => {
    await harness.append('strategy-g2', envelope('StrategyGroupUpdated', { ...group('g2', 'largeCaps', 0.5, ['WBTC'], '#3B82F6'), updatedAt: at(110) }, at(110)));
    await harness.catchUp();
    expect((await portfolio('mixed'))?.breakdown['largeCaps']?.valueMicro).toBe('399990000');

    await harness.append('portfolio-mixed', valued('mixed', 120, [usdc(600_000_000n), token('WETH', 400_100_000n)], 1240));
    await harness.catchUp();
    const doc = await portfolio('mixed');
    expect(doc?.latest?.holdings.map((h) => h.strategy)).toEqual(['stablecoins', 'unclassified']);
    expect(doc?.breakdown['unclassified']).toMatchObject({ displayName: 'Unclassified', valueMicro: '400100000', percentage: '40.0060', hidden: false });
    expect(doc?.breakdown['largeCaps']).toMatchObject({ valueMicro: '0', hidden: true });
    // unclassified counts at risk 1: (600 * 1 + 400.1 * 10) / 10001 = 0.46005...
    expect(doc?.riskProfile).toEqual({ score: '0.4601', level: 'moderate' });
    // no flows: the rise from 1000 to 1000.1 is the return
    expect(doc?.performance).toMatchObject({ dailyChange: '0.0100', dailyChangeMicro: '100000', earningsMicro: '1000100000', apy: null });
  });

  it('comes out identical when rebuilt, in batches of any size', async () => {
    const collections = [PORTFOLIO_COLLECTION, PORTFOLIO_ANSWERS_COLLECTION, PORTFOLIO_GROUPS_COLLECTION];
    const read = async () => Promise.all(collections.map((name) => harness.readStore.collection(name).find()));
    const before = await read();
    expect(before[0]?.map((doc) => doc.id).sort()).toEqual(['ledger', 'mixed']);
    await harness.rebuild(1);
    expect(await read()).toEqual(before);
    await harness.rebuild(1000);
    expect(await read()).toEqual(before);
  });

  it('stays one small document over 90 days of hourly valuations, with the figures of the whole history', async () => {
    const points: ValuationPoint[] = [];
    const flows: Contribution[] = [];
    let creditedMicro = 0n;
    for (let day = 0; day < 90; day += 1) {
      if (day % 10 === 0) {
        const amount = 500_000_000n + BigInt(day) * 1_000_000n;
        await harness.append('account-long', deposited('long', `long-d${day}`, amount, '1', day * 1440 + 30));
        creditedMicro += amount - feeMicro(amount, '1');
        flows.push({ at: at(day * 1440 + 30), amountMicro: amount - feeMicro(amount, '1') });
      }
      const day_: NewEvent[] = [];
      for (let hour = 0; hour < 24; hour += 1) {
        const minute = (day * 24 + hour) * 60 + 45;
        // steady growth of 0.1 USDC an hour on top of what was credited
        const value = creditedMicro + BigInt(day * 24 + hour) * 100_000n;
        day_.push(valued('long', minute, [usdc(value)]));
        points.push({ at: at(minute), valueMicro: value });
      }
      await harness.append('portfolio-long', ...day_);
    }
    await harness.catchUp();

    const doc = await portfolio('long');
    // 168 hourly points, then one a day for the 83 days before them
    expect(doc?.series).toHaveLength(168 + 83);
    expect(JSON.stringify(doc).length).toBeLessThan(20_000);
    expect(doc?.contributions.length).toBeLessThanOrEqual(3);
    const whole = performanceFigures(points, flows);
    expect(doc?.performance).toMatchObject({
      dailyChange: whole?.dailyChange,
      weeklyChange: whole?.weeklyChange,
      dailyChangeMicro: whole?.dailyChangeMicro.toString(),
      weeklyChangeMicro: whole?.weeklyChangeMicro.toString(),
      monthlyChangeMicro: whole?.monthlyChangeMicro.toString(),
      earningsMicro: whole?.earningsMicro.toString(),
      netContributionsMicro: creditedMicro.toString(),
    });
    expect(doc?.performance?.apy).toMatch(/^\d+\.\d{4}$/);
    expect(doc?.first).toEqual({ at: at(45), valueMicro: points[0]?.valueMicro.toString() });
    // The answer GET /wallets/performance sends, written with the document: the same text as one
    // built from the document read back (jsonb reorders keys; the answer does not depend on them).
    expect(doc && (await answer('long'))).toEqual(doc && portfolioAnswer(doc));
    await harness.rebuild();
    expect(await portfolio('long')).toEqual(doc);
    expect(doc && (await answer('long'))).toEqual(doc && portfolioAnswer(doc));
  });
});

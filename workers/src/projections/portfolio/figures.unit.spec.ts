import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PortfolioReadModel, PortfolioSnapshotRecorded } from '@concierge/contracts';
import { emptyPortfolio, withContribution, withValuation } from './figures.js';

const START = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

function valuation(userId: string, ms: number, valueMicro: bigint, n: number): PortfolioSnapshotRecorded {
  const value = valueMicro.toString();
  const usdc = { symbol: 'USDC', name: 'USD Coin', decimals: 6, balance: value, priceAnswer: '1', priceDecimals: 0, priceUpdatedAt: null, stale: false, valueMicro: value };
  return {
    userId,
    snapshotId: `s${n}`,
    slot: iso(ms),
    reason: 'schedule',
    requestId: null,
    source: 'ledger',
    chainId: null,
    blockNumber: null,
    asOf: iso(ms),
    holdings: valueMicro === 0n ? [] : [usdc],
    failures: [],
    totalValueMicro: value,
    recordedAt: iso(ms),
  };
}

/** Between two valuations: deposits and withdrawals (micro-USDC) at minutes into the gap, then a valuation. */
const steps = fc.array(
  fc.record({
    gapMinutes: fc.integer({ min: 2, max: 3 * 24 * 60 }),
    flows: fc.array(fc.record({ minute: fc.nat(), amount: fc.bigInt({ min: -500_000_000n, max: 1_000_000_000n }) }), { maxLength: 3 }),
  }),
  { minLength: 1, maxLength: 40 },
);

describe('the portfolio document over a member history', () => {
  it('shows 0 earnings and 0 % change when the only flows are deposits and withdrawals at constant prices, however long and thinned the history', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 1_000_000_000n }), steps, (initial, history) => {
        let doc: PortfolioReadModel = emptyPortfolio('m', iso(START));
        let balance = initial;
        let time = START;
        if (initial > 0n) doc = withContribution(doc, { at: iso(time - MINUTE), amountMicro: initial.toString() }, iso(time - MINUTE));
        doc = withValuation(doc, valuation('m', time, balance, 0), [], iso(time));
        for (const [index, { gapMinutes, flows }] of history.entries()) {
          for (const flow of flows) {
            // a withdrawal never takes more than the balance
            const amount = flow.amount < -balance ? -balance : flow.amount;
            if (amount === 0n) continue;
            balance += amount;
            const at = iso(time + ((flow.minute % (gapMinutes - 1)) + 1) * MINUTE);
            doc = withContribution(doc, { at, amountMicro: amount.toString() }, at);
          }
          time += gapMinutes * MINUTE;
          doc = withValuation(doc, valuation('m', time, balance, index + 1), [], iso(time));
        }
        expect(doc.performance).toMatchObject({
          dailyChange: '0.0000',
          weeklyChange: '0.0000',
          monthlyChange: '0.0000',
          dailyChangeMicro: '0',
          weeklyChangeMicro: '0',
          monthlyChangeMicro: '0',
          earningsMicro: '0',
          netContributionsMicro: balance.toString(),
        });
        expect([null, '0.0000']).toContain(doc.performance?.apy);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps the latest valuation when an older one arrives late, and only adds it to the history', () => {
    let doc = withValuation(emptyPortfolio('m', iso(START)), valuation('m', START + 120 * MINUTE, 2_000_000n, 1), [], iso(START));
    doc = withValuation(doc, valuation('m', START, 1_000_000n, 2), [], iso(START + 121 * MINUTE));
    expect(doc.latest).toMatchObject({ snapshotId: 's1', totalValueMicro: '2000000' });
    expect(doc.series.map((p) => p.valueMicro)).toEqual(['1000000', '2000000']);
    expect(doc.first).toEqual({ at: iso(START), valueMicro: '1000000' });
    expect(doc.performance).toMatchObject({ dailyChange: '100.0000', dailyChangeMicro: '1000000' });
  });

  it('keeps only the flows a window can still need, and all of them in the total', () => {
    let doc = emptyPortfolio('m', iso(START));
    let balance = 0n;
    for (let day = 0; day < 60; day += 1) {
      const at = START + day * 24 * 60 * MINUTE;
      balance += 1_000_000n;
      doc = withContribution(doc, { at: iso(at), amountMicro: '1000000' }, iso(at));
      doc = withValuation(doc, valuation('m', at + MINUTE, balance, day), [], iso(at + MINUTE));
    }
    // the flows after the valuation 30 days before the latest: days 30 to 59
    expect(doc.contributions).toHaveLength(30);
    expect(doc.netContributionsMicro).toBe('60000000');
    expect(doc.performance).toMatchObject({ earningsMicro: '0', monthlyChange: '0.0000', apy: '0.0000' });
  });
});

describe('strategy groups entering and leaving the portfolio', () => {
  const groups = [
    { id: 'stablecoins', name: 'stablecoins', displayName: 'Stablecoins', description: '', color: '#22C55E', riskTenths: 1, tokenSymbols: ['USDC'] },
    { id: 'large-caps', name: 'largeCaps', displayName: 'Large Caps', description: '', color: '#3B82F6', riskTenths: 5, tokenSymbols: ['WETH'] },
  ];
  const holding = (symbol: string, valueMicro: bigint) => ({
    symbol,
    name: symbol,
    decimals: 6,
    balance: valueMicro.toString(),
    priceAnswer: '1',
    priceDecimals: 0,
    priceUpdatedAt: null,
    stale: false,
    valueMicro: valueMicro.toString(),
  });
  const valued = (doc: PortfolioReadModel, minute: number, ...holdings: ReturnType<typeof holding>[]) => {
    const total = holdings.reduce((sum, h) => sum + BigInt(h.valueMicro), 0n);
    const snapshot = { ...valuation('m', START + minute * MINUTE, total, minute), holdings, totalValueMicro: total.toString() };
    return withValuation(doc, snapshot, groups, iso(START + minute * MINUTE));
  };

  it('records each group that shows up or goes away, with its value then, and keeps the last 10', () => {
    let doc = valued(emptyPortfolio('m', iso(START)), 1, holding('USDC', 100_000_000n));
    expect(doc.strategyChanges).toEqual([{ at: iso(START + MINUTE), group: 'stablecoins', displayName: 'Stablecoins', color: '#22C55E', change: 'entered', valueMicro: '100000000' }]);
    doc = valued(doc, 2, holding('USDC', 90_000_000n), holding('WETH', 10_000_000n));
    doc = valued(doc, 3, holding('USDC', 95_000_000n), holding('WETH', 11_000_000n));
    doc = valued(doc, 4, holding('WETH', 106_000_000n));
    expect(doc.strategyChanges?.map((c) => [c.group, c.change, c.valueMicro])).toEqual([
      ['stablecoins', 'entered', '100000000'],
      ['largeCaps', 'entered', '10000000'],
      ['stablecoins', 'left', '95000000'],
    ]);
    for (let minute = 5; minute < 20; minute += 1) doc = valued(doc, minute, holding(minute % 2 ? 'USDC' : 'WETH', 1_000_000n));
    expect(doc.strategyChanges).toHaveLength(10);
    expect(doc.strategyChanges?.at(-1)).toMatchObject({ at: iso(START + 19 * MINUTE) });
  });
});

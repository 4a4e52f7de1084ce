import type {
  PortfolioContribution,
  PortfolioHolding,
  PortfolioReadModel,
  PortfolioSnapshotRecorded,
  PortfolioStrategyChange,
  PortfolioValuePoint,
} from '@concierge/contracts';
import {
  addToSeries,
  DAY_MS,
  diversification,
  epochMs,
  performanceFigures,
  portfolioBreakdown,
  riskProfile,
  UNCLASSIFIED_GROUP,
  type StrategyGroupInput,
} from '@concierge/domain/portfolio/figures/index';

/**
 * The portfolio document's arithmetic, pure: what a valuation or a flow does to a member's
 * document, with every figure recomputed by domain's portfolio figures from what the document keeps
 * (docs/architecture.md, glossary: portfolio figures).
 */

/** The longest window the figures look back over; flows before its start only count in the total. */
const WINDOW_MS = 30n * DAY_MS;

export function emptyPortfolio(userId: string, updatedAt: string): PortfolioReadModel {
  return {
    id: userId,
    latest: null,
    performance: null,
    breakdown: {},
    riskProfile: null,
    diversification: null,
    series: [],
    first: null,
    contributions: [],
    netContributionsMicro: '0',
    updatedAt,
  };
}

const byTime = (a: { at: string }, b: { at: string }): number => {
  const [x, y] = [epochMs(a.at), epochMs(b.at)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** The valuations the figures link: the series, and the very first one when the series has thinned it away. */
function valuationsOf(doc: PortfolioReadModel): PortfolioValuePoint[] {
  const { first, series } = doc;
  return first === null || series.some((point) => point.at === first.at) ? series : [first, ...series];
}

/**
 * Performance from the kept valuations and flows, and the flows pruned to what the next
 * recomputation can need: those after the valuation that starts the 30-day window (an earlier flow
 * falls in a sub-period no window reaches; that valuation only moves forward). Net contributions
 * and earnings count every flow up to the latest valuation's instant, from the all-time total.
 */
export function recompute(doc: PortfolioReadModel): PortfolioReadModel {
  const valuations = valuationsOf(doc);
  const figures = performanceFigures(
    valuations.map((point) => ({ at: point.at, valueMicro: BigInt(point.valueMicro) })),
    doc.contributions.map((flow) => ({ at: flow.at, amountMicro: BigInt(flow.amountMicro) })),
  );
  if (figures === null) return doc;
  const asOf = epochMs(figures.asOf);
  const windowStart = valuations.reduce<bigint | undefined>((start, point) => {
    const at = epochMs(point.at);
    return at <= asOf - WINDOW_MS && (start === undefined || at > start) ? at : start;
  }, undefined);
  const later = doc.contributions.filter((flow) => epochMs(flow.at) > asOf).reduce((sum, flow) => sum + BigInt(flow.amountMicro), 0n);
  const netContributionsMicro = BigInt(doc.netContributionsMicro) - later;
  return {
    ...doc,
    performance: {
      dailyChange: figures.dailyChange,
      weeklyChange: figures.weeklyChange,
      monthlyChange: figures.monthlyChange,
      dailyChangeMicro: figures.dailyChangeMicro.toString(),
      weeklyChangeMicro: figures.weeklyChangeMicro.toString(),
      monthlyChangeMicro: figures.monthlyChangeMicro.toString(),
      apy: figures.apy,
      earningsMicro: (figures.valueMicro - netContributionsMicro).toString(),
      netContributionsMicro: netContributionsMicro.toString(),
    },
    contributions: windowStart === undefined ? doc.contributions : doc.contributions.filter((flow) => epochMs(flow.at) > windowStart),
  };
}

/** The group whose list holds the symbol, as `portfolioBreakdown` classifies it (the first such group). */
function strategyOf(symbol: string, groups: readonly StrategyGroupInput[]): string {
  const upper = symbol.toUpperCase();
  return groups.find((group) => group.tokenSymbols.some((listed) => listed.toUpperCase() === upper))?.name ?? UNCLASSIFIED_GROUP.name;
}

/** How many strategy changes a document keeps (Recent Activity shows at most 5 items of every kind). */
export const STRATEGY_CHANGES_KEPT = 10;

/** The groups the breakdown shows (not hidden), by name. */
const shownGroups = (breakdown: PortfolioReadModel['breakdown']): Map<string, { displayName: string; color: string; valueMicro: string }> =>
  new Map(Object.entries(breakdown).filter(([, entry]) => !entry.hidden));

/** Groups in the new breakdown and not the old one entered; the other way round, they left. */
export function strategyChangesBetween(
  before: PortfolioReadModel['breakdown'],
  after: PortfolioReadModel['breakdown'],
  at: string,
): PortfolioStrategyChange[] {
  const [was, is] = [shownGroups(before), shownGroups(after)];
  const change = (group: string, entry: { displayName: string; color: string; valueMicro: string }, kind: 'entered' | 'left'): PortfolioStrategyChange => ({
    at,
    group,
    displayName: entry.displayName,
    color: entry.color,
    change: kind,
    valueMicro: entry.valueMicro,
  });
  return [
    ...[...was].filter(([group]) => !is.has(group)).map(([group, entry]) => change(group, entry, 'left')),
    ...[...is].filter(([group]) => !was.has(group)).map(([group, entry]) => change(group, entry, 'entered')),
  ];
}

/**
 * A valuation recorded: into the series (downsampled as it goes), and when it is the latest, the
 * holdings classified by the groups as they stand at this event, the breakdown, risk and
 * diversification; then the performance.
 */
export function withValuation(doc: PortfolioReadModel, snapshot: PortfolioSnapshotRecorded, groups: readonly StrategyGroupInput[], updatedAt: string): PortfolioReadModel {
  const point: PortfolioValuePoint = { at: new Date(snapshot.asOf).toISOString(), valueMicro: snapshot.totalValueMicro };
  const series = addToSeries(doc.series, point);
  const first = doc.first === null || epochMs(point.at) < epochMs(doc.first.at) ? point : doc.first;
  const isLatest = doc.latest === null || epochMs(point.at) >= epochMs(doc.latest.asOf);
  if (!isLatest) return recompute({ ...doc, series, first, updatedAt });

  const holdings: PortfolioHolding[] = snapshot.holdings.map((holding) => ({ ...holding, strategy: strategyOf(holding.symbol, groups) }));
  const breakdown = portfolioBreakdown(
    holdings.map((holding) => ({ symbol: holding.symbol, valueMicro: BigInt(holding.valueMicro) })),
    groups,
  );
  const risk = riskProfile(breakdown);
  const nextBreakdown: PortfolioReadModel['breakdown'] = Object.fromEntries(
    breakdown.entries.map((entry) => [
      entry.name,
      {
        displayName: entry.displayName,
        description: entry.description,
        color: entry.color,
        valueMicro: entry.valueMicro.toString(),
        percentage: entry.percentage,
        hidden: entry.hidden,
      },
    ]),
  );
  const strategyChanges = [...(doc.strategyChanges ?? []), ...strategyChangesBetween(doc.breakdown, nextBreakdown, point.at)].slice(-STRATEGY_CHANGES_KEPT);
  return recompute({
    ...doc,
    latest: {
      snapshotId: snapshot.snapshotId,
      requestId: snapshot.requestId,
      asOf: point.at,
      source: snapshot.source,
      chainId: snapshot.chainId,
      blockNumber: snapshot.blockNumber,
      totalValueMicro: snapshot.totalValueMicro,
      holdings,
      anyStale: holdings.some((holding) => holding.stale),
    },
    breakdown: nextBreakdown,
    strategyChanges,
    riskProfile: risk === null ? null : { score: risk.score, level: risk.level },
    diversification: diversification(breakdown),
    series,
    first,
    updatedAt,
  });
}

/** Money moved in (+) or out (-) at `flow.at`: into the kept flows and the total, then the performance again. */
export function withContribution(doc: PortfolioReadModel, flow: PortfolioContribution, updatedAt: string): PortfolioReadModel {
  const contributions = [...doc.contributions, flow].sort(byTime);
  const netContributionsMicro = (BigInt(doc.netContributionsMicro) + BigInt(flow.amountMicro)).toString();
  return recompute({ ...doc, contributions, netContributionsMicro, updatedAt });
}

import {
  formatScaledDecimal,
  microToNumber,
  PORTFOLIO_COLLECTION,
  type PortfolioPerformanceResponse,
  type PortfolioReadModel,
} from '@concierge/contracts';
import type { ReadStore } from '@concierge/platform/read-store/port';

/** The member's portfolio document; none before their first flow or valuation. */
export function readPortfolio(readStore: ReadStore, userId: string): Promise<PortfolioReadModel | undefined> {
  return readStore.collection<PortfolioReadModel>(PORTFOLIO_COLLECTION).get(userId);
}

/** Exact text or digits -> the nearest JavaScript number, for display only. */
const shown = (text: string): number => Number(text);
const usdc = (micro: string): number => microToNumber(BigInt(micro));
/** A whole count of 10^-decimals units (a token balance, a feed's answer) as a number for display. */
const scaled = (digits: string, decimals: number): number => Number(formatScaledDecimal(BigInt(digits), decimals));

/**
 * GET /wallets/performance from the member's document, as it stands: every number rounded only
 * here, for display. Before the first valuation the figures are zeros and nulls with `asOf` null.
 */
export function performanceResponse(doc: PortfolioReadModel | undefined, refreshing: boolean): PortfolioPerformanceResponse {
  const latest = doc?.latest ?? null;
  const performance = doc?.performance ?? null;
  return {
    totalValue: latest ? usdc(latest.totalValueMicro) : 0,
    performance: {
      dailyChange: performance ? shown(performance.dailyChange) : 0,
      weeklyChange: performance ? shown(performance.weeklyChange) : 0,
      monthlyChange: performance ? shown(performance.monthlyChange) : 0,
      dailyChangeValue: performance ? usdc(performance.dailyChangeMicro) : 0,
      weeklyChangeValue: performance ? usdc(performance.weeklyChangeMicro) : 0,
      monthlyChangeValue: performance ? usdc(performance.monthlyChangeMicro) : 0,
      apy: performance?.apy ? shown(performance.apy) : null,
    },
    earnings: performance ? usdc(performance.earningsMicro) : 0,
    netContributions: performance ? usdc(performance.netContributionsMicro) : 0,
    breakdown: Object.fromEntries(
      Object.entries(doc?.breakdown ?? {}).map(([name, entry]) => [
        name,
        {
          percentage: shown(entry.percentage),
          value: usdc(entry.valueMicro),
          description: entry.description,
          displayName: entry.displayName,
          color: entry.color,
          hidden: entry.hidden,
        },
      ]),
    ),
    holdings: (latest?.holdings ?? []).map((holding) => ({
      name: holding.name,
      symbol: holding.symbol,
      balance: scaled(holding.balance, holding.decimals),
      price: scaled(holding.priceAnswer, holding.priceDecimals),
      value: usdc(holding.valueMicro),
      strategy: holding.strategy,
      stale: holding.stale,
    })),
    riskProfile: { score: doc?.riskProfile ? shown(doc.riskProfile.score) : null, level: doc?.riskProfile?.level ?? null },
    diversification: { score: doc?.diversification?.score ?? null, label: doc?.diversification?.label ?? null },
    series: (doc?.series ?? []).map((point) => ({ at: point.at, value: usdc(point.valueMicro) })),
    asOf: latest?.asOf ?? null,
    source: latest?.source ?? null,
    chainId: latest?.chainId ?? null,
    anyStale: latest?.anyStale ?? false,
    strategyChanges: (doc?.strategyChanges ?? []).map(({ valueMicro, ...change }) => ({ ...change, value: usdc(valueMicro) })),
    refreshing,
  };
}

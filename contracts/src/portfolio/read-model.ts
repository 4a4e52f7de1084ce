import { formatScaledDecimal } from '../shared/decimal.js';
import { microToNumber } from '../shared/money.js';
import type { RiskLevel } from '../strategies/fields.js';
import type { PortfolioPerformanceResponse } from './dto.js';
import type { SnapshotHolding, SnapshotSource } from './events.js';

/** Collection of the portfolio read model: one document per member (id = userId). */
export const PORTFOLIO_COLLECTION = 'portfolio';

/** A point of the member's value history (downsampled: hourly for 7 days, daily before). */
export type PortfolioValuePoint = { at: string; valueMicro: string };

/** A strategy group entering or leaving the portfolio at a valuation. */
/** `valueMicro`: the group's value in the valuation it entered with, or in the last one before it left. */
export type PortfolioStrategyChange = { at: string; group: string; displayName: string; color: string; change: 'entered' | 'left'; valueMicro: string };

/** A deposit credited (+) or a withdrawal completed (-), from the member's account events. */
export type PortfolioContribution = { at: string; amountMicro: string };

/** A holding of the latest valuation with the strategy group (its name) that classified it when it was recorded. */
export type PortfolioHolding = SnapshotHolding & { strategy: string };

/**
 * Everything GET /wallets/performance shows, precomputed by the portfolio projection so a read is
 * one document however long the history. Money as micro-USDC digit strings, percentages as
 * decimal text (4 decimals), null where a figure does not exist yet (no valuation, APY before 7 days).
 *
 * Beyond the figures the document keeps what the next valuation needs to recompute them without
 * the history: the downsampled `series`, the `first` valuation (the series keeps a day's latest
 * point only, and the APY's 7 days of history count from the very first one), the flows of the
 * last 30-day window and the all-time net contributions.
 */
export type PortfolioReadModel = {
  id: string;
  latest: null | {
    snapshotId: string;
    /** The request it answers (null for a scheduled one): a refresh knows its own valuation landed. */
    requestId: string | null;
    asOf: string;
    source: SnapshotSource;
    /** The chain valued (null for the ledger); absent from documents written before it was kept. */
    chainId?: number | null;
    blockNumber: number | null;
    totalValueMicro: string;
    /** Classified at the snapshot's position in the event order, so a rebuild gives the same groups. */
    holdings: PortfolioHolding[];
    anyStale: boolean;
  };
  performance: null | {
    dailyChange: string;
    weeklyChange: string;
    monthlyChange: string;
    dailyChangeMicro: string;
    weeklyChangeMicro: string;
    monthlyChangeMicro: string;
    apy: string | null;
    /** The latest value minus the net contributions up to its instant (signed). */
    earningsMicro: string;
    /** Net contributions up to the latest valuation's instant (later flows are not in its value yet). */
    netContributionsMicro: string;
  };
  /** Keyed by strategy group name; hidden groups (below 0.01%) flagged, not dropped. */
  breakdown: Record<string, { displayName: string; description: string; color: string; valueMicro: string; percentage: string; hidden: boolean }>;
  riskProfile: null | { score: string; level: RiskLevel };
  diversification: null | { score: number; label: string };
  series: PortfolioValuePoint[];
  /**
   * Strategy groups that entered the portfolio (visible in a valuation's breakdown and not in the
   * one before) or left it, latest last, the last 10 kept: Recent Activity's strategy items.
   * Absent on documents projected before it was kept (a rebuild fills it).
   */
  strategyChanges?: PortfolioStrategyChange[];
  /** The first valuation ever recorded (null before it). */
  first: PortfolioValuePoint | null;
  /**
   * The flows after the start of the 30-day window (the valuation at or before 30 days before the
   * latest) and any later ones: what the 1/7/30-day windows need; older ones live on in the total.
   */
  contributions: PortfolioContribution[];
  /** Every flow ever, summed: deposits credited (net of the fee) minus withdrawals completed. */
  netContributionsMicro: string;
  /** The instant of the last event applied to the document (from the event, never the clock). */
  updatedAt: string;
};

/**
 * Collection of GET /wallets/performance's answers as sent, one per member (id = userId), written
 * by the portfolio projection with the member's document in the same batch, so the query API
 * sends the text without reading, rebuilding and serialising the 17 KB document.
 */
export const PORTFOLIO_ANSWERS_COLLECTION = 'portfolio_answers';

/**
 * The version of `performanceResponse`'s answer: bump it whenever the answer changes shape or
 * content, and the query API builds answers of an older version from the document again until the
 * projection is rebuilt or the member's next event writes a new one.
 */
export const PORTFOLIO_ANSWER_VERSION = 1;

/** GET /wallets/performance's answer (`refreshing: false`) to the member `id`, as the JSON text sent. */
export type PortfolioAnswer = { id: string; version: number; json: string };

/**
 * The answer to the member of `doc`: the same function and serialisation as an answer built on
 * request, so the text sent is the same either way and a rebuild writes it again byte for byte.
 */
export function portfolioAnswer(doc: PortfolioReadModel): PortfolioAnswer {
  return { id: doc.id, version: PORTFOLIO_ANSWER_VERSION, json: JSON.stringify(performanceResponse(doc, false)) };
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
    // Groups in name order and every object's keys written out: the text does not depend on where
    // the document came from (a projection's batch in memory, or PostgreSQL's jsonb, which reorders keys).
    breakdown: Object.fromEntries(
      Object.entries(doc?.breakdown ?? {})
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, entry]) => [
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
    strategyChanges: (doc?.strategyChanges ?? []).map((change) => ({
      at: change.at,
      group: change.group,
      displayName: change.displayName,
      color: change.color,
      change: change.change,
      value: usdc(change.valueMicro),
    })),
    refreshing,
  };
}

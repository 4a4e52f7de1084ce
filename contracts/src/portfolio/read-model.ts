import type { RiskLevel } from '../strategies/fields.js';
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

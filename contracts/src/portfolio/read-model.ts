import type { SnapshotHolding, SnapshotSource } from './events.js';

/** Collection of the portfolio read model: one document per member (id = userId). */
export const PORTFOLIO_COLLECTION = 'portfolio';

/** A point of the member's value history (downsampled: hourly for 7 days, daily before). */
export type PortfolioValuePoint = { at: string; valueMicro: string };

/** A deposit credited (+) or a withdrawal completed (-), from the member's account events. */
export type PortfolioContribution = { at: string; amountMicro: string };

/**
 * Everything GET /wallets/performance shows, precomputed by the portfolio projection so a read is
 * one document however long the history. Money as micro-USDC digit strings, percentages as
 * decimal text (4 decimals), null where a figure does not exist yet (no valuation, APY before 7 days).
 */
export type PortfolioReadModel = {
  id: string;
  latest: null | {
    snapshotId: string;
    asOf: string;
    source: SnapshotSource;
    blockNumber: number | null;
    totalValueMicro: string;
    holdings: SnapshotHolding[];
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
    earningsMicro: string;
    netContributionsMicro: string;
  };
  /** Keyed by strategy group name; hidden groups (below 0.01%) flagged, not dropped. */
  breakdown: Record<string, { displayName: string; description: string; color: string; valueMicro: string; percentage: string; hidden: boolean }>;
  riskProfile: null | { score: string; level: 'conservative' | 'moderate' | 'aggressive' };
  diversification: null | { score: number; label: string };
  series: PortfolioValuePoint[];
  /** The flows of the last 31 days (what the 1/7/30-day windows need); older ones live on in the total. */
  contributions: PortfolioContribution[];
  /** Every flow ever, summed: deposits credited minus withdrawals completed. */
  netContributionsMicro: string;
  updatedAt: string;
};

import { z } from 'zod';
import { EmptyBody } from '../shared/fields.js';
import { CommandAccepted } from '../shared/problem.js';
import { RiskLevel } from '../strategies/fields.js';
import { SnapshotSource } from './events.js';

/** GET /wallets/performance: `refresh=true` also queues an on-demand valuation; the answer is the latest snapshot. */
export const PerformanceQuery = z.object({
  refresh: z.stringbool({ error: 'refresh must be true or false' }).optional().default(false),
});
export type PerformanceQuery = z.infer<typeof PerformanceQuery>;

/** One strategy group's part of the portfolio, for display. */
export const PortfolioBreakdownEntry = z.object({
  /** Percent of the total value (e.g. 42.5 for 42.5 %). */
  percentage: z.number(),
  /** USDC. */
  value: z.number(),
  description: z.string(),
  displayName: z.string(),
  color: z.string(),
  /** Below 0.01 % of the total, or nothing held: the UI leaves it out. */
  hidden: z.boolean(),
});
export type PortfolioBreakdownEntry = z.infer<typeof PortfolioBreakdownEntry>;

/** One token of the latest valuation. */
export const PortfolioHoldingDto = z.object({
  name: z.string(),
  symbol: z.string(),
  /** Whole tokens. */
  balance: z.number(),
  /** USD per whole token. */
  price: z.number(),
  /** USDC. */
  value: z.number(),
  /** The strategy group (its name, a key of `breakdown`) that lists the symbol, or 'unclassified'. */
  strategy: z.string(),
  /** The price was older than its feed's heartbeat when valued. */
  stale: z.boolean(),
});
export type PortfolioHoldingDto = z.infer<typeof PortfolioHoldingDto>;

/** The chain of `npm run demo` (a local EVM): its prices come from a market simulator, not a market. */
export const DEVELOPMENT_CHAIN_ID = 31337;

/**
 * Portfolio performance as the product names it; money in USDC and changes in percent, as numbers
 * rounded for display only (the read model keeps them exact). Before the first valuation: zeros,
 * empty lists and nulls, with `asOf` null ("no snapshot yet").
 */
export const PortfolioPerformanceResponse = z.object({
  totalValue: z.number(),
  performance: z.object({
    /** Time-weighted return over the last 1, 7 and 30 days, in percent: a deposit is never a gain. */
    dailyChange: z.number(),
    weeklyChange: z.number(),
    monthlyChange: z.number(),
    /** Value change minus net contributions over the same windows, USDC. */
    dailyChangeValue: z.number(),
    weeklyChangeValue: z.number(),
    monthlyChangeValue: z.number(),
    /** The 30-day return annualised, in percent; null before 7 days of history (shown "—"). */
    apy: z.number().nullable(),
  }),
  /** Current Earnings: value minus net contributions (deposits credited net of the fee, minus withdrawals completed). */
  earnings: z.number(),
  netContributions: z.number(),
  /** Keyed by strategy group name (stablecoins, largeCaps, others, ..., and unclassified). */
  breakdown: z.record(z.string(), PortfolioBreakdownEntry),
  holdings: z.array(PortfolioHoldingDto),
  /** Score between 0 and 1 (shown times 100); both null when nothing is held. */
  riskProfile: z.object({ score: z.number().nullable(), level: RiskLevel.nullable() }),
  /** From the largest group's share; both null when nothing is held. */
  diversification: z.object({ score: z.number().nullable(), label: z.string().nullable() }),
  /** The value history for the chart (USDC), oldest first: hourly for the last 7 days, daily before. */
  series: z.array(z.object({ at: z.string(), value: z.number() })),
  /** When the valuation was taken; null before the first one. */
  asOf: z.string().nullable(),
  /** Where its numbers came from: the chain at one block, or the member's credited USDC; null before the first one. */
  source: SnapshotSource.nullable(),
  /** The chain valued; null for the ledger and before the first valuation. DEVELOPMENT_CHAIN_ID's prices are simulated. */
  chainId: z.number().int().positive().nullable(),
  /** Some price was stale when valued. */
  anyStale: z.boolean(),
  /**
   * Strategy groups that entered or left the portfolio at recent valuations, latest last (at most
   * 10), with the group's value (USDC) as it entered, or as it stood before it left.
   */
  strategyChanges: z.array(
    z.object({ at: z.string(), group: z.string(), displayName: z.string(), color: z.string(), change: z.enum(['entered', 'left']), value: z.number() }),
  ),
  /** A refresh was asked for and its valuation had not landed when this answer was built: these are the last figures. */
  refreshing: z.boolean(),
});
export type PortfolioPerformanceResponse = z.infer<typeof PortfolioPerformanceResponse>;

/** POST /wallets/user/:id/snapshot (admin): nothing to send. */
export const SnapshotRequest = EmptyBody;

/** The request id; the snapshot appears once the valuation job has run. */
export const SnapshotAccepted = CommandAccepted.extend({ message: z.string(), requestId: z.string() });
export type SnapshotAccepted = z.infer<typeof SnapshotAccepted>;

import { z } from 'zod';
import { EmptyBody } from '../shared/fields.js';
import { CommandAccepted } from '../shared/problem.js';

/** GET /wallets/performance: `refresh=true` also queues an on-demand valuation; the answer is the latest snapshot. */
export const PerformanceQuery = z.object({
  refresh: z.stringbool({ error: 'refresh must be true or false' }).optional().default(false),
});
export type PerformanceQuery = z.infer<typeof PerformanceQuery>;

/** Portfolio performance as the product names it; money in USDC and changes in percent, as numbers for display. */
export const PortfolioPerformanceResponse = z.object({
  totalValue: z.number(),
  performance: z.object({
    dailyChange: z.number(),
    weeklyChange: z.number(),
    monthlyChange: z.number(),
    dailyChangeValue: z.number(),
    weeklyChangeValue: z.number(),
    apy: z.number(),
  }),
  breakdown: z.record(z.string(), z.object({ percentage: z.number(), value: z.number(), description: z.string() })),
  holdings: z.array(
    z.object({ name: z.string(), symbol: z.string(), balance: z.number(), price: z.number(), value: z.number(), strategy: z.string() }),
  ),
  riskProfile: z.object({ score: z.number(), level: z.string() }),
  /** When the valuation was taken; null before the first one (all values 0). */
  asOf: z.string().nullable(),
});
export type PortfolioPerformanceResponse = z.infer<typeof PortfolioPerformanceResponse>;

/** POST /wallets/user/:id/snapshot (admin): nothing to send. */
export const SnapshotRequest = EmptyBody;

/** The request id; the snapshot appears once the valuation job has run. */
export const SnapshotAccepted = CommandAccepted.extend({ message: z.string(), requestId: z.string() });
export type SnapshotAccepted = z.infer<typeof SnapshotAccepted>;

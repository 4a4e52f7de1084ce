import { z } from 'zod';
import { EntityId, Instant } from '../shared/fields.js';
import { DecimalText, MicroUsdc, SignedMicroUsdc } from '../shared/money.js';
import { RiskLevel } from '../strategies/fields.js';

/** Why a valuation was asked for. */
export const SnapshotReason = z.enum(['admin', 'member', 'schedule']);
export type SnapshotReason = z.infer<typeof SnapshotReason>;

/** Stream `portfolio-<userId>`: someone asked for a fresh valuation; the snapshot job answers it. */
export const PortfolioSnapshotRequested = z.object({ userId: EntityId, requestId: EntityId, reason: SnapshotReason, requestedAt: Instant });

/** One valuation of a member's portfolio. Percentages are decimal text (e.g. '-1.25' is -1.25 %). */
export const PortfolioSnapshotData = z.object({
  userId: EntityId,
  snapshotId: EntityId,
  /** The request it answers; null for a scheduled valuation. */
  requestId: EntityId.nullable(),
  takenAt: Instant,
  totalValueMicro: MicroUsdc,
  performance: z.object({
    dailyChange: DecimalText,
    weeklyChange: DecimalText,
    monthlyChange: DecimalText,
    dailyChangeMicro: SignedMicroUsdc,
    weeklyChangeMicro: SignedMicroUsdc,
    apy: DecimalText,
  }),
  /** Keyed by strategy name (stablecoins, largeCaps, others, ...). */
  breakdown: z.record(z.string(), z.object({ percentage: DecimalText, valueMicro: MicroUsdc, description: z.string() })),
  holdings: z.array(
    z.object({
      name: z.string(),
      symbol: z.string(),
      /** Token units as decimal text, in the token's own decimals. */
      balance: DecimalText,
      /** USD per token as decimal text. */
      price: DecimalText,
      valueMicro: MicroUsdc,
      strategy: z.string(),
    }),
  ),
  riskProfile: z.object({ score: z.number().min(0).max(1), level: RiskLevel }),
});
export type PortfolioSnapshotData = z.infer<typeof PortfolioSnapshotData>;

/** A valuation was recorded; the latest one is what the member's dashboard and portfolio show. */
export const PortfolioSnapshotRecorded = PortfolioSnapshotData;

export const portfolioEvents = { PortfolioSnapshotRequested, PortfolioSnapshotRecorded } as const;

export type PortfolioSnapshotRequested = z.infer<typeof PortfolioSnapshotRequested>;
export type PortfolioSnapshotRecorded = z.infer<typeof PortfolioSnapshotRecorded>;

import { z } from 'zod';
import { EntityId, Instant } from '../shared/fields.js';
import { MicroUsdc } from '../shared/money.js';

/** Why a valuation was taken. */
export const SnapshotReason = z.enum(['admin', 'member', 'schedule']);
export type SnapshotReason = z.infer<typeof SnapshotReason>;

/** Where a valuation's numbers came from: the chain at one block, or the member's credited USDC. */
export const SnapshotSource = z.enum(['chain', 'ledger']);
export type SnapshotSource = z.infer<typeof SnapshotSource>;

/** A whole number of base units (or of a price feed's units) as digits. */
const Digits = z.string().regex(/^(0|[1-9]\d{0,77})$/, { error: 'Expected digits without leading zeros' });

/** One token the member held at the valuation (tokens with a zero balance are left out). */
export const SnapshotHolding = z.object({
  /** The registry's symbol, as strategy groups list it. */
  symbol: z.string().min(1),
  name: z.string(),
  decimals: z.number().int().min(0).max(36),
  /** Base units (10^-decimals of a token). */
  balance: Digits,
  /** USD per whole token = priceAnswer * 10^-priceDecimals (a Chainlink answer; '1' with 0 decimals for USDC in ledger mode). */
  priceAnswer: Digits,
  priceDecimals: z.number().int().min(0).max(36),
  /** When the price was last updated (the feed's updatedAt); null in ledger mode. */
  priceUpdatedAt: Instant.nullable(),
  /** The price was older than its feed's heartbeat at the valuation's block. */
  stale: z.boolean(),
  /** balance * price in micro-USDC, rounded half-up. */
  valueMicro: MicroUsdc,
});
export type SnapshotHolding = z.infer<typeof SnapshotHolding>;

/**
 * Stream `portfolio-<userId>`: one valuation of the member's holdings. Facts only (what was held,
 * at what price, at which block); performance, breakdown and risk are derived by the portfolio
 * projection. Recorded once per `slot` however often the job runs.
 */
export const PortfolioSnapshotRecorded = z.object({
  userId: EntityId,
  snapshotId: EntityId,
  /** The schedule's slot (its start instant, ISO) or `request:<requestId>` for an on-demand one. */
  slot: z.string().min(1).max(100),
  reason: SnapshotReason,
  /** The admin's or member's request it answers; null for a scheduled valuation. */
  requestId: EntityId.nullable(),
  source: SnapshotSource,
  chainId: z.number().int().positive().nullable(),
  blockNumber: z.number().int().nonnegative().nullable(),
  /** The instant valued: the block's timestamp on chain, the clock in ledger mode. */
  asOf: Instant,
  holdings: z.array(SnapshotHolding),
  /** Tokens that could not be read for this member (their value is not in the total). */
  failures: z.array(z.object({ symbol: z.string(), reason: z.string() })),
  totalValueMicro: MicroUsdc,
  recordedAt: Instant,
});
export type PortfolioSnapshotRecorded = z.infer<typeof PortfolioSnapshotRecorded>;

export const portfolioEvents = { PortfolioSnapshotRecorded } as const;

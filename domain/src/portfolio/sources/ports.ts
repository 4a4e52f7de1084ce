/**
 * Where a portfolio's numbers come from: what members hold (HoldingsSource) and what it is worth
 * (PriceSource), both read at one point of the chain's history so that a snapshot round values
 * every member against the same state. Adapters: `chain` (workers/src/chain/portfolio: Multicall3
 * and Chainlink feeds) and `ledger` (./ledger.ts: the member's credited USDC, when no chain is set).
 */

/** The point a round reads at: a block and its timestamp. Ledger sources have no block. */
export interface ReadPin {
  /** null in ledger mode. */
  readonly blockNumber: number | null;
  /** Unix seconds: the block's timestamp on chain, the clock in ledger mode. */
  readonly timestamp: number;
  /**
   * The clock's instant to the millisecond in ledger mode, so a valuation is ordered exactly with
   * the deposits credited in the same second (a block has no finer time than `timestamp`).
   */
  readonly instantMs?: number;
}

/** A member whose holdings are read: by address on chain, by id in the ledger. */
export interface HoldingsMember {
  readonly userId: string;
  /** The member's platform wallet (deposit address); null when none was handed out yet. */
  readonly address: string | null;
}

/** One token balance in the token's base units (10^-decimals of a token). */
export interface TokenBalance {
  /** The registry's symbol, as strategy groups list it. */
  readonly symbol: string;
  readonly decimals: number;
  readonly balance: bigint;
}

/** A read that failed for one token (a reverting or non-standard contract); the round goes on without it. */
export interface TokenReadFailure {
  readonly symbol: string;
  /** The token contract, or the price feed for a price failure; null in ledger mode. */
  readonly contract: string | null;
  readonly reason: string;
  /** Members whose balance could not be read (empty for a price failure). */
  readonly userIds: readonly string[];
}

export interface HoldingsRound {
  readonly pin: ReadPin;
  /** Per member id, every registry token read for them (zero balances included). */
  readonly holdings: ReadonlyMap<string, readonly TokenBalance[]>;
  readonly failures: readonly TokenReadFailure[];
}

/** A token's USD price as an exact decimal: answer * 10^-decimals. */
export interface TokenPrice {
  readonly symbol: string;
  readonly answer: bigint;
  readonly decimals: number;
  /** Unix seconds of the feed's last update. */
  readonly updatedAt: number;
  /** True when the answer is older than the feed's heartbeat at the pinned block's time. */
  readonly stale: boolean;
}

export interface PriceRound {
  readonly pin: ReadPin;
  readonly prices: ReadonlyMap<string, TokenPrice>;
  readonly failures: readonly TokenReadFailure[];
}

export type SourceKind = 'chain' | 'ledger';

/** Pins the point a round reads at (the chain head, or the clock). */
export interface ReadPinSource {
  readonly kind: SourceKind;
  pin(): Promise<ReadPin>;
}

export interface HoldingsSource {
  readonly kind: SourceKind;
  /** Every registry token's balance for each member, all read at `pin`. */
  balances(members: readonly HoldingsMember[], pin: ReadPin): Promise<HoldingsRound>;
}

export interface PriceSource {
  readonly kind: SourceKind;
  /** Each registry token's USD price at `pin`. */
  prices(pin: ReadPin): Promise<PriceRound>;
}

/** The three ports one adapter family provides together. */
export interface PortfolioSources {
  readonly kind: SourceKind;
  readonly pins: ReadPinSource;
  readonly holdings: HoldingsSource;
  readonly prices: PriceSource;
}

import { percentText, ratio } from './ratio.js';

/** What the member holds of one token, valued in micro-USDC. */
export interface Holding {
  readonly symbol: string;
  readonly valueMicro: bigint;
}

/** A strategy group as the strategies read model keeps it: a `StrategyReadModel` document fits as it is. */
export interface StrategyGroupInput {
  readonly id: string;
  /** The breakdown's key (stablecoins, largeCaps, others, ...). */
  readonly name: string;
  readonly displayName: string;
  readonly description: string;
  readonly color: string;
  /** The risk weight in tenths: a whole number from 0 (0.0) to 10 (1.0). */
  readonly riskTenths: number;
  /** Upper-case token symbols. */
  readonly tokenSymbols: readonly string[];
}

/**
 * Where a holding goes when no group lists its symbol. It counts at the highest risk weight (1.0):
 * a token nobody has classified is not assumed to be safe.
 */
export const UNCLASSIFIED_GROUP: StrategyGroupInput = {
  id: 'unclassified',
  name: 'unclassified',
  displayName: 'Unclassified',
  description: 'Tokens that no strategy group lists yet.',
  color: '#9CA3AF',
  riskTenths: 10,
  tokenSymbols: [],
};

/** One group's part of the portfolio. */
export interface BreakdownEntry extends Omit<StrategyGroupInput, 'tokenSymbols'> {
  readonly valueMicro: bigint;
  /** Percent of the total value, `PERCENT_DECIMALS` (ratio.ts) fraction digits (the parts may not add up to exactly 100). */
  readonly percentage: string;
  /** Below 0.01 % of the total (exactly, before rounding), or nothing held at all: the UI leaves it out. */
  readonly hidden: boolean;
}

export interface Breakdown {
  readonly totalValueMicro: bigint;
  /** Every group in the order given, then the unclassified bucket when something is in it. */
  readonly entries: readonly BreakdownEntry[];
}

/** Basis points in one whole: a part below one of them (0.01 %) is hidden. */
const HIDDEN_BELOW_PARTS_OF = 10_000n;

/**
 * Each holding goes to the group that lists its symbol (compared upper-cased; should two groups list
 * it, the first one given), the rest to `UNCLASSIFIED_GROUP`.
 */
export function portfolioBreakdown(holdings: readonly Holding[], groups: readonly StrategyGroupInput[]): Breakdown {
  const groupOfSymbol = new Map<string, number>();
  for (const [index, group] of groups.entries()) {
    if (!Number.isInteger(group.riskTenths) || group.riskTenths < 0 || group.riskTenths > 10) {
      throw new RangeError(`Risk weight of ${group.name} must be a whole number of tenths from 0 to 10`);
    }
    for (const symbol of group.tokenSymbols) if (!groupOfSymbol.has(symbol.toUpperCase())) groupOfSymbol.set(symbol.toUpperCase(), index);
  }
  const values = groups.map(() => 0n);
  let unclassifiedMicro = 0n;
  for (const holding of holdings) {
    if (holding.valueMicro < 0n) throw new RangeError(`The value of ${holding.symbol} cannot be negative`);
    const index = groupOfSymbol.get(holding.symbol.toUpperCase());
    if (index === undefined) unclassifiedMicro += holding.valueMicro;
    else values[index] = (values[index] ?? 0n) + holding.valueMicro;
  }
  const parts = groups.map((group, index) => ({ group, valueMicro: values[index] ?? 0n }));
  if (unclassifiedMicro > 0n) parts.push({ group: UNCLASSIFIED_GROUP, valueMicro: unclassifiedMicro });
  const totalValueMicro = parts.reduce((sum, part) => sum + part.valueMicro, 0n);
  const entries = parts.map(({ group: { tokenSymbols: _symbols, ...group }, valueMicro }) => ({
    ...group,
    valueMicro,
    percentage: percentText(totalValueMicro === 0n ? ratio(0n) : ratio(valueMicro, totalValueMicro)),
    hidden: totalValueMicro === 0n || valueMicro * HIDDEN_BELOW_PARTS_OF < totalValueMicro,
  }));
  return { totalValueMicro, entries };
}

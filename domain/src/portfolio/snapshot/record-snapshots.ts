import { createHash } from 'node:crypto';
import { toMicroText, type PortfolioSnapshotRecorded, type RecordPortfolioSnapshot, type SnapshotHolding, type SnapshotReason } from '@concierge/contracts';
import type { Position } from '@concierge/platform/event-store/position';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import type { HoldingsMember, HoldingsRound, PortfolioSources, PriceRound, ReadPin } from '../sources/ports.js';
import { valueMicro } from '../sources/value.js';
import { portfolioAggregate } from './decide.js';

/** One member to value in a batch, with the slot their valuation answers. */
export interface SnapshotTarget extends HoldingsMember {
  readonly slot: string;
  readonly reason: SnapshotReason;
  readonly requestId: string | null;
}

export interface SnapshotBatchDeps extends AggregateDeps {
  readonly sources: PortfolioSources;
  /** The chain the sources read (null in ledger mode). */
  readonly chainId: number | null;
  /** A token's display name by registry symbol (the sources report symbols only). */
  readonly tokenName: (symbol: string) => string;
}

/** A batch of members valued at one pin. */
export interface SnapshotBatch {
  readonly pin: ReadPin;
  readonly targets: readonly SnapshotTarget[];
  /** The command context of one member's record (its actor, time and correlation). */
  readonly context: (target: SnapshotTarget) => CommandContext;
}

export type SnapshotOutcome =
  | { readonly kind: 'recorded'; readonly snapshotId: string; readonly totalValueMicro: string; readonly position: Position | null }
  | { readonly kind: 'already-recorded' }
  | { readonly kind: 'failed'; readonly error: unknown };

/** The same member and slot always give the same snapshot id, so a retried record names one valuation. */
export const snapshotIdOf = (userId: string, slot: string): string => createHash('sha256').update(`${userId}\u0000${slot}`).digest('hex').slice(0, 32);

/**
 * Values a batch of members at one pin: one holdings read for the whole batch and one price read,
 * then one `RecordPortfolioSnapshot` per member (each recorded once per slot). Outcomes come back in
 * the targets' order; a member whose record fails does not fail the others.
 */
export async function recordPortfolioSnapshots(deps: SnapshotBatchDeps, batch: SnapshotBatch): Promise<SnapshotOutcome[]> {
  const { pin, targets } = batch;
  if (targets.length === 0) return [];
  const members = [...new Map(targets.map((target) => [target.userId, { userId: target.userId, address: target.address }])).values()];
  const [holdings, prices] = await Promise.all([deps.sources.holdings.balances(members, pin), deps.sources.prices.prices(pin)]);
  return Promise.all(
    targets.map(async (target): Promise<SnapshotOutcome> => {
      try {
        const data = valuation(deps, target, holdings, prices);
        const ctx = batch.context(target);
        const command: RecordPortfolioSnapshot = { type: 'RecordPortfolioSnapshot', data, metadata: commandMetadata(ctx) };
        const result = await portfolioAggregate.handle(deps, target.userId, command, ctx);
        if (result.events.length === 0) return { kind: 'already-recorded' };
        return { kind: 'recorded', snapshotId: data.snapshotId, totalValueMicro: data.totalValueMicro, position: result.position };
      } catch (error) {
        return { kind: 'failed', error };
      }
    }),
  );
}

/** One member's valuation from the batch's reads: zero balances left out, unreadable tokens listed, total = sum of values. */
export function valuation(
  deps: Pick<SnapshotBatchDeps, 'sources' | 'chainId' | 'tokenName'>,
  target: SnapshotTarget,
  holdings: HoldingsRound,
  prices: PriceRound,
): Omit<PortfolioSnapshotRecorded, 'recordedAt'> {
  const ledger = deps.sources.kind === 'ledger';
  const failures: { symbol: string; reason: string }[] = holdings.failures
    .filter((failure) => failure.userIds.includes(target.userId))
    .map((failure) => ({ symbol: failure.symbol, reason: failure.reason }));
  const priceFailures = new Map(prices.failures.map((failure) => [failure.symbol, failure.reason]));
  const held: SnapshotHolding[] = [];
  let total = 0n;
  for (const balance of holdings.holdings.get(target.userId) ?? []) {
    if (balance.balance === 0n) continue;
    const price = prices.prices.get(balance.symbol);
    if (!price) {
      failures.push({ symbol: balance.symbol, reason: priceFailures.get(balance.symbol) ?? 'no price for this token' });
      continue;
    }
    const value = valueMicro(balance.balance, balance.decimals, price.answer, price.decimals);
    total += value;
    held.push({
      symbol: balance.symbol,
      name: deps.tokenName(balance.symbol),
      decimals: balance.decimals,
      balance: balance.balance.toString(),
      priceAnswer: price.answer.toString(),
      priceDecimals: price.decimals,
      priceUpdatedAt: ledger ? null : new Date(price.updatedAt * 1000).toISOString(),
      stale: price.stale,
      valueMicro: toMicroText(value),
    });
  }
  return {
    userId: target.userId,
    snapshotId: snapshotIdOf(target.userId, target.slot),
    slot: target.slot,
    reason: target.reason,
    requestId: target.requestId,
    source: deps.sources.kind,
    chainId: ledger ? null : deps.chainId,
    blockNumber: holdings.pin.blockNumber,
    asOf: new Date(holdings.pin.instantMs ?? holdings.pin.timestamp * 1000).toISOString(),
    holdings: held,
    failures,
    totalValueMicro: toMicroText(total),
  };
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { recordSettlement, type SettlementFact } from '@concierge/domain/money/withdrawals/record-settlement';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';
import { commandMetadata, type CommandContext } from '@concierge/domain/shared/command-context';
import { claimPayoutTransaction } from '@concierge/domain/money/transaction-claims/claim-transaction';

export interface SettlementTarget {
  readonly userId: string;
  readonly withdrawalId: string;
}

/** A command without its metadata, kept per member of the union. */
type Unsent<C> = C extends unknown ? Omit<C, 'metadata'> : never;

/** What started a payout: the approval's (or retry's) request and event. */
export interface SettlementTrace {
  readonly correlationId?: string | undefined;
  readonly causationId?: string | undefined;
}

/**
 * The trace of the payout job being run, for every fact it records however deep in the settlement
 * code: the job's own scope, like a request id in a server's logs.
 */
const traces = new AsyncLocalStorage<SettlementTrace>();

/** Runs one payout job with its trace. */
export const withSettlementTrace = <T>(trace: SettlementTrace, run: () => Promise<T>): Promise<T> => traces.run(trace, run);

const settlementContext = (target: SettlementTarget): CommandContext => {
  const trace = traces.getStore();
  return {
    actor: { type: 'system', reason: 'withdrawal-settlement' },
    // Jobs queued before payouts carried their approval's trace keep the old names.
    correlationId: trace?.correlationId ?? `settle-${target.withdrawalId}`,
    causationId: trace?.causationId ?? randomUUID(),
    now: new Date(),
  };
};

/** Appends one settlement fact as the platform itself (the decider makes each one safe to repeat). */
export async function record(deps: AggregateDeps, target: SettlementTarget, command: Unsent<SettlementFact>): Promise<void> {
  const ctx = settlementContext(target);
  await recordSettlement(deps, { ...command, metadata: commandMetadata(ctx) }, ctx);
}

/**
 * Claims a signed payout's hash for this withdrawal before it is recorded, so no deposit and no
 * other withdrawal can ever be completed or credited with it (a retry finds its own claim).
 */
export async function claimPayoutHash(deps: AggregateDeps, target: SettlementTarget, transactionHash: string): Promise<void> {
  await claimPayoutTransaction(deps, { transactionHash, ...target }, settlementContext(target));
}

import { randomUUID } from 'node:crypto';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { AccountCommand } from '@concierge/domain/money/account/decide';
import { commandMetadata, handleAccountCommand } from '@concierge/domain/money/account/handle';
import type { CommandContext } from '@concierge/domain/shared/command-context';
import { claimPayoutTransaction } from '@concierge/domain/money/transaction-claims/claim-transaction';

export interface SettlementTarget {
  readonly userId: string;
  readonly withdrawalId: string;
}

type SettlementCommand = Extract<
  AccountCommand,
  {
    type:
      | 'RecordWithdrawalSettlementSigned'
      | 'RecordWithdrawalSettlementReplaced'
      | 'RecordWithdrawalSettlementBroadcast'
      | 'RecordWithdrawalSettlementDelayed'
      | 'RecordWithdrawalSettlementFailed'
      | 'CompleteWithdrawal';
  }
>;
/** A command without its metadata, kept per member of the union. */
type Unsent<C> = C extends unknown ? Omit<C, 'metadata'> : never;

const settlementContext = (target: SettlementTarget): CommandContext => ({
  actor: { type: 'system', reason: 'withdrawal-settlement' },
  correlationId: `settle-${target.withdrawalId}`,
  causationId: randomUUID(),
  now: new Date(),
});

/** Appends one settlement fact as the platform itself (the decider makes each one safe to repeat). */
export async function record(eventStore: EventStore, target: SettlementTarget, command: Unsent<SettlementCommand>): Promise<void> {
  const ctx = settlementContext(target);
  await handleAccountCommand(eventStore, target.userId, { ...command, metadata: commandMetadata(ctx) }, ctx);
}

/**
 * Claims a signed payout's hash for this withdrawal before it is recorded, so no deposit and no
 * other withdrawal can ever be completed or credited with it (a retry finds its own claim).
 */
export async function claimPayoutHash(eventStore: EventStore, target: SettlementTarget, transactionHash: string): Promise<void> {
  await claimPayoutTransaction(eventStore, transactionHash, target, settlementContext(target));
}

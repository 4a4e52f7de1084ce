import { DepositTransactionReserved, streamName, WithdrawalTransactionClaimed } from '@concierge/contracts';
import { ConflictError } from '@concierge/platform/errors';
import { WrongExpectedRevisionError, type RecordedEvent } from '@concierge/platform/event-store/port';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { toNewEvents, type CommandContext } from '../../shared/command-context.js';

/**
 * One transaction hash is claimed once across the platform's money: by a deposit (an admin's
 * entry or a detected transfer) or by a withdrawal's payout. Every claim is appended to
 * `depositTx-<lower-case hash>` (named after the deposits, which came first) with the revision
 * read, so two claimants racing for one hash cannot both win, whatever the letter case typed.
 */
export const transactionClaimStreamId = (transactionHash: string) => streamName('depositTx', transactionHash.toLowerCase());

export const CLAIMED_BY_DEPOSIT_MESSAGE = 'This transaction hash has already been recorded as a deposit.';
export const CLAIMED_BY_PAYOUT_MESSAGE = 'This transaction hash already pays out another withdrawal.';

/** Who holds a claim: a deposit (by its id) or a withdrawal's payout (by the withdrawal's id). */
export interface TransactionClaim {
  readonly kind: 'deposit' | 'payout';
  readonly claimId: string;
  readonly userId: string;
}

function claimOf(recorded: RecordedEvent): TransactionClaim {
  switch (recorded.type) {
    case 'DepositTransactionReserved': {
      const reserved = DepositTransactionReserved.parse(recorded.data);
      return { kind: 'deposit', claimId: reserved.depositId, userId: reserved.userId };
    }
    case 'WithdrawalTransactionClaimed': {
      const claimed = WithdrawalTransactionClaimed.parse(recorded.data);
      return { kind: 'payout', claimId: claimed.withdrawalId, userId: claimed.userId };
    }
    default:
      throw new Error(`Unexpected event ${recorded.type} in ${recorded.streamId}`);
  }
}

const takenMessage = (holders: readonly TransactionClaim[]) =>
  holders.some((h) => h.kind === 'payout') ? CLAIMED_BY_PAYOUT_MESSAGE : CLAIMED_BY_DEPOSIT_MESSAGE;

function claimEvent(transactionHash: string, claim: TransactionClaim, at: string) {
  if (claim.kind === 'deposit') {
    const data: DepositTransactionReserved = { transactionHash, depositId: claim.claimId, userId: claim.userId, reservedAt: at };
    return { type: 'DepositTransactionReserved', data };
  }
  const data: WithdrawalTransactionClaimed = { transactionHash, withdrawalId: claim.claimId, userId: claim.userId, claimedAt: at };
  return { type: 'WithdrawalTransactionClaimed', data };
}

/** A claim on the whole transaction: only an unclaimed hash may take it. */
export const wholeTransaction = (existing: readonly TransactionClaim[]) => existing.length === 0;

/** A hash to claim, for whom, and beside which claims already made it may sit. */
export interface TransactionClaimInput {
  /** 0x plus 64 hex characters, any letter case. */
  readonly transactionHash: string;
  readonly claim: TransactionClaim;
  /** Whether the claim may sit beside the claims already made; by default none may (`wholeTransaction`). */
  readonly mayJoin?: (existing: readonly TransactionClaim[]) => boolean;
}

/**
 * Claims the hash for `claim`; 'resumed' when this very claim was made before (a retry, or a
 * crash between the claim and what it guards). When `mayJoin` refuses the claims already made, a
 * 409 names who holds the hash. A claim is never handed to another member, since its first holder
 * could still be acting on it.
 */
export async function claimTransaction(deps: AggregateDeps, input: TransactionClaimInput, ctx: CommandContext): Promise<'claimed' | 'resumed'> {
  const { claim, mayJoin = wholeTransaction } = input;
  const store = deps.eventStore;
  const hash = input.transactionHash.toLowerCase();
  const streamId = transactionClaimStreamId(hash);
  for (let attempt = 1; ; attempt += 1) {
    // Read whole, not through the state cache: a hash's stream holds one claim, or one per Transfer
    // log of one chain transaction, each paid for on chain; nobody can grow it for free.
    const recorded = await store.readStream(streamId);
    const existing = recorded.map(claimOf);
    const own = existing.find((c) => c.kind === claim.kind && c.claimId === claim.claimId);
    if (own !== undefined) {
      if (own.userId !== claim.userId) throw new ConflictError(takenMessage([own]));
      return 'resumed';
    }
    if (!mayJoin(existing)) throw new ConflictError(takenMessage(existing));
    const last = recorded[recorded.length - 1];
    try {
      await store.appendToStream(streamId, toNewEvents([claimEvent(hash, claim, ctx.now.toISOString())], ctx), {
        expectedRevision: last ? last.revision : 'no_stream',
      });
      return 'claimed';
    } catch (error) {
      // Another claim of the same hash landed at the same moment: look again.
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= 5) throw error;
    }
  }
}

/** The payout a hash pays: one withdrawal of one member. */
export interface PayoutClaim {
  readonly transactionHash: string;
  readonly withdrawalId: string;
  readonly userId: string;
}

/** A withdrawal's payout claims its whole transaction: no deposit, and no other withdrawal, may use the hash. */
export function claimPayoutTransaction(deps: AggregateDeps, payout: PayoutClaim, ctx: CommandContext): Promise<'claimed' | 'resumed'> {
  const claim: TransactionClaim = { kind: 'payout', claimId: payout.withdrawalId, userId: payout.userId };
  return claimTransaction(deps, { transactionHash: payout.transactionHash, claim }, ctx);
}

import { WITHDRAWALS_COLLECTION, type PayoutStage, type WithdrawalPayoutReadModel, type WithdrawalReadModel } from '@concierge/contracts';
import { instant, memberDirectory } from '../deposits/members.js';
import { defineProjection, type ProjectionContext } from '../runtime/projection.js';

export { WITHDRAWALS_COLLECTION };
export const WITHDRAWAL_MEMBERS_COLLECTION = 'withdrawal_members';

type Changes = Partial<Omit<WithdrawalReadModel, 'id'>>;

const members = memberDirectory<WithdrawalReadModel>(WITHDRAWAL_MEMBERS_COLLECTION, WITHDRAWALS_COLLECTION, (names) => ({
  ...names,
  fullName: `${names.firstName} ${names.lastName}`,
}));

const withdrawals = (tx: ProjectionContext) => tx.collection<WithdrawalReadModel>(WITHDRAWALS_COLLECTION);

/** Applies a lifecycle event's changes to its withdrawal. */
async function change(tx: ProjectionContext, withdrawalId: string, changes: Changes): Promise<void> {
  await withdrawals(tx).update(withdrawalId, changes);
}

/** The payout's stage with nothing failed or delayed (yet). */
const payoutAt = (stage: PayoutStage, transactionHash: string | null, at: string): WithdrawalPayoutReadModel => ({
  stage,
  transactionHash,
  failureReason: null,
  retryable: null,
  delayReason: null,
  at,
});

/** A payout event's changes: its stage (with `extra` details) and the time. */
function payout(stage: PayoutStage, transactionHash: string | null, when: string, extra: Partial<WithdrawalPayoutReadModel> = {}): Changes {
  const at = instant(when);
  return { payout: { ...payoutAt(stage, transactionHash, at), ...extra }, updatedAt: at };
}

/** One document per withdrawal with its status, destination and the member's current name and email. */
export const withdrawalsProjection = defineProjection({
  name: 'withdrawals',
  readModels: [WITHDRAWALS_COLLECTION, WITHDRAWAL_MEMBERS_COLLECTION],
  on: {
    ...members.on,
    async WithdrawalRequested({ data: e }, tx) {
      const member = await members.attach(tx, e.userId, e.withdrawalId);
      const requestedAt = instant(e.requestedAt);
      await withdrawals(tx).upsert({
        id: e.withdrawalId,
        userId: e.userId,
        firstName: member.firstName,
        lastName: member.lastName,
        fullName: `${member.firstName} ${member.lastName}`,
        email: member.email,
        amountMicro: e.amountMicro,
        asset: e.asset,
        status: 'pending',
        destination: { ...e.destination },
        requestedAt,
        approvedAt: null,
        completedAt: null,
        rejectionReason: null,
        cancellationReason: null,
        transactionHash: null,
        settlement: null,
        payout: null,
        updatedAt: requestedAt,
      });
    },
    WithdrawalApproved({ data: e }, tx) {
      const at = instant(e.approvedAt);
      return change(tx, e.withdrawalId, { status: 'approved', approvedAt: at, updatedAt: at });
    },
    WithdrawalRejected: ({ data: e }, tx) => change(tx, e.withdrawalId, { status: 'rejected', rejectionReason: e.reason, updatedAt: instant(e.rejectedAt) }),
    WithdrawalCancelled: ({ data: e }, tx) =>
      change(tx, e.withdrawalId, { status: 'cancelled', cancellationReason: e.reason, updatedAt: instant(e.cancelledAt) }),
    WithdrawalSettlementSigned: ({ data: e }, tx) => change(tx, e.withdrawalId, payout('signed', e.transactionHash, e.signedAt)),
    WithdrawalSettlementReplaced: ({ data: e }, tx) => change(tx, e.withdrawalId, payout('replaced', e.transactionHash, e.signedAt)),
    WithdrawalSettlementDelayed: ({ data: e }, tx) => change(tx, e.withdrawalId, payout('delayed', e.transactionHash, e.delayedAt, { delayReason: e.reason })),
    WithdrawalPayoutRetried: ({ data: e }, tx) => change(tx, e.withdrawalId, payout('retried', null, e.retriedAt)),
    WithdrawalSettlementBroadcast: ({ data: e }, tx) => change(tx, e.withdrawalId, payout('broadcast', e.transactionHash, e.broadcastAt)),
    WithdrawalSettlementFailed: ({ data: e }, tx) =>
      change(tx, e.withdrawalId, payout('failed', e.transactionHash, e.failedAt, { failureReason: e.reason, retryable: e.retryable })),
    WithdrawalCompleted({ data: e }, tx) {
      const at = instant(e.completedAt);
      // The hash is shown only once paid: a signed payout may still be replaced by another attempt.
      return change(tx, e.withdrawalId, { status: 'completed', completedAt: at, transactionHash: e.transactionHash, settlement: e.settlement, updatedAt: at });
    },
  },
});

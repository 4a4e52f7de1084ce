import {
  WITHDRAWALS_COLLECTION,
  WithdrawalApproved,
  WithdrawalCancelled,
  WithdrawalCompleted,
  WithdrawalPayoutRetried,
  WithdrawalRejected,
  WithdrawalRequested,
  WithdrawalSettlementBroadcast,
  WithdrawalSettlementDelayed,
  WithdrawalSettlementFailed,
  WithdrawalSettlementReplaced,
  WithdrawalSettlementSigned,
  type PayoutStage,
  type WithdrawalPayoutReadModel,
  type WithdrawalReadModel,
} from '@concierge/contracts';
import type { RecordedEvent } from '@concierge/platform/event-store/port';
import { instant, MEMBER_EVENT_TYPES, memberDirectory } from '../deposits/members.js';
import type { Projection, ProjectionContext } from '../runtime/projection.js';

export { WITHDRAWALS_COLLECTION };
export const WITHDRAWAL_MEMBERS_COLLECTION = 'withdrawal_members';

type Changes = Partial<Omit<WithdrawalReadModel, 'id'>>;

/** The payout's stage with nothing failed or delayed (yet). */
const payoutAt = (stage: PayoutStage, transactionHash: string | null, at: string): WithdrawalPayoutReadModel => ({
  stage,
  transactionHash,
  failureReason: null,
  retryable: null,
  delayReason: null,
  at,
});

/** The changes one lifecycle event makes to its withdrawal; undefined for other events. */
function changesOf(event: RecordedEvent): { withdrawalId: string; changes: Changes } | undefined {
  switch (event.type) {
    case 'WithdrawalApproved': {
      const e = WithdrawalApproved.parse(event.data);
      const at = instant(e.approvedAt);
      return { withdrawalId: e.withdrawalId, changes: { status: 'approved', approvedAt: at, updatedAt: at } };
    }
    case 'WithdrawalRejected': {
      const e = WithdrawalRejected.parse(event.data);
      return { withdrawalId: e.withdrawalId, changes: { status: 'rejected', rejectionReason: e.reason, updatedAt: instant(e.rejectedAt) } };
    }
    case 'WithdrawalCancelled': {
      const e = WithdrawalCancelled.parse(event.data);
      return { withdrawalId: e.withdrawalId, changes: { status: 'cancelled', cancellationReason: e.reason, updatedAt: instant(e.cancelledAt) } };
    }
    case 'WithdrawalSettlementSigned': {
      const e = WithdrawalSettlementSigned.parse(event.data);
      const at = instant(e.signedAt);
      return { withdrawalId: e.withdrawalId, changes: { payout: payoutAt('signed', e.transactionHash, at), updatedAt: at } };
    }
    case 'WithdrawalSettlementReplaced': {
      const e = WithdrawalSettlementReplaced.parse(event.data);
      const at = instant(e.signedAt);
      return { withdrawalId: e.withdrawalId, changes: { payout: payoutAt('replaced', e.transactionHash, at), updatedAt: at } };
    }
    case 'WithdrawalSettlementDelayed': {
      const e = WithdrawalSettlementDelayed.parse(event.data);
      const at = instant(e.delayedAt);
      const payout = { ...payoutAt('delayed', e.transactionHash, at), delayReason: e.reason };
      return { withdrawalId: e.withdrawalId, changes: { payout, updatedAt: at } };
    }
    case 'WithdrawalPayoutRetried': {
      const e = WithdrawalPayoutRetried.parse(event.data);
      const at = instant(e.retriedAt);
      return { withdrawalId: e.withdrawalId, changes: { payout: payoutAt('retried', null, at), updatedAt: at } };
    }
    case 'WithdrawalSettlementBroadcast': {
      const e = WithdrawalSettlementBroadcast.parse(event.data);
      const at = instant(e.broadcastAt);
      return { withdrawalId: e.withdrawalId, changes: { payout: payoutAt('broadcast', e.transactionHash, at), updatedAt: at } };
    }
    case 'WithdrawalSettlementFailed': {
      const e = WithdrawalSettlementFailed.parse(event.data);
      const at = instant(e.failedAt);
      const payout = { ...payoutAt('failed', e.transactionHash, at), failureReason: e.reason, retryable: e.retryable };
      return { withdrawalId: e.withdrawalId, changes: { payout, updatedAt: at } };
    }
    case 'WithdrawalCompleted': {
      const e = WithdrawalCompleted.parse(event.data);
      const at = instant(e.completedAt);
      // The hash is shown only once paid: a signed payout may still be replaced by another attempt.
      const changes: Changes = { status: 'completed', completedAt: at, transactionHash: e.transactionHash, settlement: e.settlement, updatedAt: at };
      return { withdrawalId: e.withdrawalId, changes };
    }
    default:
      return undefined;
  }
}

async function apply(event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const withdrawals = ctx.collection<WithdrawalReadModel>(WITHDRAWALS_COLLECTION);
  const members = memberDirectory<WithdrawalReadModel>(ctx, WITHDRAWAL_MEMBERS_COLLECTION, WITHDRAWALS_COLLECTION, (names) => ({
    ...names,
    fullName: `${names.firstName} ${names.lastName}`,
  }));
  if (await members.apply(event)) return;
  if (event.type === 'WithdrawalRequested') {
    const e = WithdrawalRequested.parse(event.data);
    const member = await members.attach(e.userId, e.withdrawalId);
    const requestedAt = instant(e.requestedAt);
    await withdrawals.upsert({
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
    return;
  }
  const change = changesOf(event);
  if (change) await withdrawals.update(change.withdrawalId, change.changes);
}

/** One document per withdrawal with its status, destination and the member's current name and email. */
export const withdrawalsProjection: Projection = {
  name: 'withdrawals',
  collections: [WITHDRAWALS_COLLECTION, WITHDRAWAL_MEMBERS_COLLECTION],
  eventTypes: new Set([
    ...MEMBER_EVENT_TYPES,
    'WithdrawalRequested',
    'WithdrawalApproved',
    'WithdrawalRejected',
    'WithdrawalCancelled',
    'WithdrawalSettlementSigned',
    'WithdrawalSettlementReplaced',
    'WithdrawalSettlementBroadcast',
    'WithdrawalSettlementDelayed',
    'WithdrawalSettlementFailed',
    'WithdrawalPayoutRetried',
    'WithdrawalCompleted',
  ]),
  apply,
};

import {
  ACCOUNTS_COLLECTION,
  DepositDetected,
  DepositRecorded,
  fromMicroText,
  toMicroText,
  WithdrawalCancelled,
  WithdrawalCompleted,
  WithdrawalRejected,
  WithdrawalRequested,
  type AccountReadModel,
} from '@concierge/contracts';
import type { RecordedEvent } from '@concierge/platform/event-store/port';
import { instant } from '../deposits/members.js';
import type { Projection, ProjectionContext } from '../runtime/projection.js';

export { ACCOUNTS_COLLECTION };

/** The account's figures as bigints, for exact arithmetic. */
type Figures = Record<'balance' | 'reserved' | 'deposited' | 'fees' | 'withdrawn', bigint>;

function figuresOf(doc: AccountReadModel | undefined): Figures {
  const read = (text: string | undefined) => (text === undefined ? 0n : fromMicroText(text));
  return {
    balance: read(doc?.balanceMicro),
    reserved: read(doc?.reservedMicro),
    deposited: read(doc?.depositedMicro),
    fees: read(doc?.feesMicro),
    withdrawn: read(doc?.withdrawnMicro),
  };
}

function toDoc(userId: string, f: Figures, openWithdrawals: AccountReadModel['openWithdrawals'], updatedAt: string): AccountReadModel {
  return {
    id: userId,
    userId,
    balanceMicro: toMicroText(f.balance),
    reservedMicro: toMicroText(f.reserved),
    depositedMicro: toMicroText(f.deposited),
    feesMicro: toMicroText(f.fees),
    withdrawnMicro: toMicroText(f.withdrawn),
    openWithdrawals,
    updatedAt,
  };
}

/** The withdrawal an ending event (rejected, cancelled, completed) releases, and when. */
function releaseOf(event: RecordedEvent): { withdrawalId: string; userId: string; at: string } {
  if (event.type === 'WithdrawalRejected') {
    const e = WithdrawalRejected.parse(event.data);
    return { withdrawalId: e.withdrawalId, userId: e.userId, at: e.rejectedAt };
  }
  if (event.type === 'WithdrawalCancelled') {
    const e = WithdrawalCancelled.parse(event.data);
    return { withdrawalId: e.withdrawalId, userId: e.userId, at: e.cancelledAt };
  }
  const e = WithdrawalCompleted.parse(event.data);
  return { withdrawalId: e.withdrawalId, userId: e.userId, at: e.completedAt };
}

/** A money event as a change to one account; undefined for events that move no money. */
function movementOf(event: RecordedEvent): { userId: string; at: string; move: (f: Figures, open: Map<string, bigint>) => void } | undefined {
  switch (event.type) {
    case 'DepositRecorded':
    case 'DepositDetected': {
      const e = event.type === 'DepositRecorded' ? DepositRecorded.parse(event.data) : DepositDetected.parse(event.data);
      const amount = fromMicroText(e.amountMicro);
      const fee = fromMicroText(e.feeMicro);
      const at = 'recordedAt' in e ? e.recordedAt : e.detectedAt;
      return {
        userId: e.userId,
        at,
        move: (f) => {
          f.balance += amount - fee;
          f.deposited += amount;
          f.fees += fee;
        },
      };
    }
    case 'WithdrawalRequested': {
      const e = WithdrawalRequested.parse(event.data);
      const amount = fromMicroText(e.amountMicro);
      return {
        userId: e.userId,
        at: e.requestedAt,
        move: (f, open) => {
          if (open.has(e.withdrawalId)) return;
          open.set(e.withdrawalId, amount);
          f.reserved += amount;
        },
      };
    }
    case 'WithdrawalRejected':
    case 'WithdrawalCancelled':
    case 'WithdrawalCompleted': {
      const e = releaseOf(event);
      const paidOut = event.type === 'WithdrawalCompleted';
      return {
        userId: e.userId,
        at: e.at,
        move: (f, open) => {
          // Only a withdrawal still holding its reservation can release it, so nothing counts twice.
          const amount = open.get(e.withdrawalId);
          if (amount === undefined) return;
          open.delete(e.withdrawalId);
          f.reserved -= amount;
          if (paidOut) {
            f.balance -= amount;
            f.withdrawn += amount;
          }
        },
      };
    }
    default:
      return undefined;
  }
}

async function apply(event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const movement = movementOf(event);
  if (!movement) return;
  const accounts = ctx.collection<AccountReadModel>(ACCOUNTS_COLLECTION);
  const doc = await accounts.get(movement.userId);
  const figures = figuresOf(doc);
  const open = new Map(Object.entries(doc?.openWithdrawals ?? {}).map(([id, amount]) => [id, fromMicroText(amount)]));
  movement.move(figures, open);
  const openText = Object.fromEntries([...open].map(([id, amount]) => [id, toMicroText(amount)]));
  await accounts.upsert(toDoc(movement.userId, figures, openText, instant(movement.at)));
}

/**
 * One document per member with money (id = userId): balance, reserved, deposited, fees and
 * withdrawn, in exact micro-USDC. Members without any money event have no document (all zero).
 */
export const accountsProjection: Projection = {
  name: 'accounts',
  collections: [ACCOUNTS_COLLECTION],
  eventTypes: new Set(['DepositRecorded', 'DepositDetected', 'WithdrawalRequested', 'WithdrawalRejected', 'WithdrawalCancelled', 'WithdrawalCompleted']),
  apply,
};

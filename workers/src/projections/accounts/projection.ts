import { ACCOUNTS_COLLECTION, fromMicroText, toMicroText, type AccountReadModel, type EventData } from '@concierge/contracts';
import { instant } from '../deposits/members.js';
import { defineProjection, type ProjectionContext } from '../runtime/projection.js';

export { ACCOUNTS_COLLECTION };

/** The account's figures as bigints, for exact arithmetic. */
type Figures = Record<'balance' | 'reserved' | 'deposited' | 'fees' | 'withdrawn', bigint>;

/** A money event's change to the figures and the open withdrawals (id -> reserved amount). */
type Movement = (figures: Figures, open: Map<string, bigint>) => void;

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

/** Applies one movement to the member's account document at `at`. */
async function move(tx: ProjectionContext, userId: string, at: string, movement: Movement): Promise<void> {
  const accounts = tx.collection<AccountReadModel>(ACCOUNTS_COLLECTION);
  const doc = await accounts.get(userId);
  const figures = figuresOf(doc);
  const open = new Map(Object.entries(doc?.openWithdrawals ?? {}).map(([id, amount]) => [id, fromMicroText(amount)]));
  movement(figures, open);
  const openText = Object.fromEntries([...open].map(([id, amount]) => [id, toMicroText(amount)]));
  await accounts.upsert(toDoc(userId, figures, openText, instant(at)));
}

function credit(e: EventData<'DepositRecorded' | 'DepositDetected'>): Movement {
  const amount = fromMicroText(e.amountMicro);
  const fee = fromMicroText(e.feeMicro);
  return (f) => {
    f.balance += amount - fee;
    f.deposited += amount;
    f.fees += fee;
  };
}

/** Ends a withdrawal (rejected, cancelled, completed); only one still holding its reservation releases it, so nothing counts twice. */
function release(withdrawalId: string, paidOut: boolean): Movement {
  return (f, open) => {
    const amount = open.get(withdrawalId);
    if (amount === undefined) return;
    open.delete(withdrawalId);
    f.reserved -= amount;
    if (paidOut) {
      f.balance -= amount;
      f.withdrawn += amount;
    }
  };
}

/**
 * One document per member with money (id = userId): balance, reserved, deposited, fees and
 * withdrawn, in exact micro-USDC. Members without any money event have no document (all zero).
 */
export const accountsProjection = defineProjection({
  name: 'accounts',
  readModels: [ACCOUNTS_COLLECTION],
  on: {
    DepositRecorded: ({ data }, tx) => move(tx, data.userId, data.recordedAt, credit(data)),
    DepositDetected: ({ data }, tx) => move(tx, data.userId, data.detectedAt, credit(data)),
    WithdrawalRequested({ data }, tx) {
      const amount = fromMicroText(data.amountMicro);
      return move(tx, data.userId, data.requestedAt, (f, open) => {
        if (open.has(data.withdrawalId)) return;
        open.set(data.withdrawalId, amount);
        f.reserved += amount;
      });
    },
    WithdrawalRejected: ({ data }, tx) => move(tx, data.userId, data.rejectedAt, release(data.withdrawalId, false)),
    WithdrawalCancelled: ({ data }, tx) => move(tx, data.userId, data.cancelledAt, release(data.withdrawalId, false)),
    WithdrawalCompleted: ({ data }, tx) => move(tx, data.userId, data.completedAt, release(data.withdrawalId, true)),
  },
});

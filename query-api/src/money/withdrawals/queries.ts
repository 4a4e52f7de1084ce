import {
  fromMicroText,
  microToNumber,
  WITHDRAWAL_SEARCH_FIELDS,
  WITHDRAWALS_COLLECTION,
  type AdminWithdrawalsQuery,
  type WithdrawalDto,
  type WithdrawalPayoutDto,
  type WithdrawalPayoutReadModel,
  type WithdrawalReadModel,
} from '@concierge/contracts';
import type { Collection, ReadStore, Search, Sort } from '@concierge/platform/read-store/port';

export const NEWEST_FIRST: readonly Sort[] = [{ field: 'requestedAt', direction: 'desc' }];
/** Pending requests are worked through in the order they came in. */

const withdrawals = (readStore: ReadStore): Collection<WithdrawalReadModel> => readStore.collection<WithdrawalReadModel>(WITHDRAWALS_COLLECTION);

export interface WithdrawalPage {
  readonly withdrawals: WithdrawalDto[];
  readonly total: number;
}

export function toWithdrawalDto(doc: WithdrawalReadModel): WithdrawalDto {
  return {
    _id: doc.id,
    id: doc.id,
    userId: { _id: doc.userId, firstName: doc.firstName, lastName: doc.lastName, email: doc.email },
    amount: microToNumber(fromMicroText(doc.amountMicro)),
    asset: doc.asset,
    status: doc.status,
    requestedAt: doc.requestedAt,
    createdAt: doc.requestedAt,
    updatedAt: doc.updatedAt,
    withdrawalAddressId: {
      _id: doc.destination.addressId,
      label: doc.destination.label,
      address: doc.destination.address,
      network: doc.destination.network,
    },
    transactionHash: doc.transactionHash,
    rejectionReason: doc.rejectionReason,
    approvedAt: doc.approvedAt,
    completedAt: doc.completedAt,
    settlement: doc.settlement,
  };
}

function toPayoutDto(payout: WithdrawalPayoutReadModel): WithdrawalPayoutDto {
  const reason = payout.stage === 'delayed' ? (payout.delayReason ?? null) : payout.failureReason;
  return { stage: payout.stage, transactionHash: payout.transactionHash, reason, retryable: payout.retryable, at: payout.at };
}

/** What admins see: the member's view plus where the on-chain payout stands (its reasons speak of the hot wallet). */
export function toAdminWithdrawalDto(doc: WithdrawalReadModel): WithdrawalDto {
  return { ...toWithdrawalDto(doc), payout: doc.payout ? toPayoutDto(doc.payout) : null };
}

/** One withdrawal by id, as admins see it, or undefined. */
export async function findWithdrawal(readStore: ReadStore, id: string): Promise<WithdrawalDto | undefined> {
  const doc = await withdrawals(readStore).get(id);
  return doc ? toAdminWithdrawalDto(doc) : undefined;
}

/** A member's own withdrawals, newest first, one page, with the exact number they have. */
export async function withdrawalHistory(readStore: ReadStore, userId: string, page: number, limit: number): Promise<WithdrawalPage> {
  const collection = withdrawals(readStore);
  const filter = { userId };
  const [docs, total] = await Promise.all([
    collection.find({ filter, sort: NEWEST_FIRST, skip: (page - 1) * limit, limit }),
    collection.count({ filter }),
  ]);
  return { withdrawals: docs.map(toWithdrawalDto), total };
}

/**
 * The admin list: optionally one status, optionally a case-insensitive search in the member's
 * name and email and the destination address; newest first (the dashboard's "latest 5 pending" too).
 */
export async function adminWithdrawals(readStore: ReadStore, query: AdminWithdrawalsQuery): Promise<WithdrawalPage> {
  const collection = withdrawals(readStore);
  const filter = query.status ? { status: query.status } : undefined;
  const search: Search | undefined = query.search ? { fields: WITHDRAWAL_SEARCH_FIELDS, text: query.search } : undefined;
  const [docs, total] = await Promise.all([
    collection.find({ filter, search, sort: NEWEST_FIRST, skip: (query.page - 1) * query.limit, limit: query.limit }),
    collection.count({ filter, search }),
  ]);
  return { withdrawals: docs.map(toAdminWithdrawalDto), total };
}

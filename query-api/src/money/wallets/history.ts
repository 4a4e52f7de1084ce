import {
  DEPOSITS_COLLECTION,
  fromMicroText,
  microToNumber,
  WITHDRAWALS_COLLECTION,
  type DepositReadModel,
  type HistoryItemDto,
  type TransactionsQuery,
  type TransactionsResponse,
  type WithdrawalReadModel,
} from '@concierge/contracts';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { DEPOSITS_NEWEST_FIRST } from '../deposits/queries.js';
import { NEWEST_FIRST as WITHDRAWALS_NEWEST_FIRST } from '../withdrawals/queries.js';

const fromDeposit = (doc: DepositReadModel): HistoryItemDto => ({
  id: doc.id,
  type: 'Deposit',
  date: doc.timestamp,
  amount: microToNumber(fromMicroText(doc.amountMicro)),
  asset: 'USDC',
  // A deposit is recorded only once the money has arrived.
  status: 'completed',
  txHash: doc.transactionHash,
});

const fromWithdrawal = (doc: WithdrawalReadModel): HistoryItemDto => ({
  id: doc.id,
  type: 'Withdrawal',
  date: doc.requestedAt,
  amount: microToNumber(fromMicroText(doc.amountMicro)),
  asset: 'USDC',
  status: doc.status,
  txHash: doc.transactionHash,
});

/** A history item with the deposits' second sort key (when credited), so the merge orders as the read store does. */
type Ranked = { readonly item: HistoryItemDto; readonly credited: string };

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Newest first; same instant: deposits before withdrawals, deposits newest credited first, then by id. */
function newestFirst(a: Ranked, b: Ranked): number {
  if (a.item.date !== b.item.date) return compareText(b.item.date, a.item.date);
  if (a.item.type !== b.item.type) return a.item.type === 'Deposit' ? -1 : 1;
  if (a.credited !== b.credited) return compareText(b.credited, a.credited);
  return compareText(a.item.id, b.item.id);
}

/**
 * The member's deposits and withdrawals as one list, newest first. The two read models are kept
 * apart, so the first `offset + limit` of each (already in date order) are merged and the page cut
 * from the merge: every item of the page is among them.
 */
export async function transactionHistory(readStore: ReadStore, userId: string, query: TransactionsQuery): Promise<TransactionsResponse> {
  const filter = { userId };
  const deposits = readStore.collection<DepositReadModel>(DEPOSITS_COLLECTION);
  const withdrawals = readStore.collection<WithdrawalReadModel>(WITHDRAWALS_COLLECTION);
  const [depositCount, withdrawalCount] = await Promise.all([deposits.count({ filter }), withdrawals.count({ filter })]);
  const total = depositCount + withdrawalCount;
  const page = { total, limit: query.limit, offset: query.offset };
  if (query.offset >= total) return { transactions: [], ...page };
  const head = query.offset + query.limit;
  const [depositDocs, withdrawalDocs] = await Promise.all([
    deposits.find({ filter, sort: DEPOSITS_NEWEST_FIRST, limit: head }),
    withdrawals.find({ filter, sort: WITHDRAWALS_NEWEST_FIRST, limit: head }),
  ]);
  const merged: Ranked[] = [
    ...depositDocs.map((doc) => ({ item: fromDeposit(doc), credited: doc.createdAt })),
    ...withdrawalDocs.map((doc) => ({ item: fromWithdrawal(doc), credited: '' })),
  ].sort(newestFirst);
  return { transactions: merged.slice(query.offset, head).map((ranked) => ranked.item), ...page };
}

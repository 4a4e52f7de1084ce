import { microToNumber, USERS_COLLECTION, type UserStatsResponse } from '@concierge/contracts';
import type { ReadStore } from '@concierge/platform/read-store/port';

/**
 * The withdrawals read model as far as the admin cards need it: a `status` and the amount in
 * integer micro-USDC (`amountMicro`). Until that projection exists the collection is empty and the
 * cards read zero; they start counting as soon as it is filled.
 */
export const WITHDRAWALS_COLLECTION = 'withdrawals';
const WITHDRAWAL_AMOUNT_FIELD = 'amountMicro';

/** Counts for the admin dashboard and user management cards; every figure is exact. */
export async function userStats(readStore: ReadStore): Promise<UserStatsResponse> {
  const withdrawals = readStore.collection(WITHDRAWALS_COLLECTION);
  const [usersByStatus, withdrawalsByStatus, completedMicro] = await Promise.all([
    readStore.collection(USERS_COLLECTION).countBy('status'),
    withdrawals.countBy('status'),
    withdrawals.sumBy(null, WITHDRAWAL_AMOUNT_FIELD, { filter: { status: 'completed' } }),
  ]);
  const users = (status: string) => usersByStatus[status] ?? 0;
  const approved = users('approved');
  return {
    data: {
      users: {
        total: Object.values(usersByStatus).reduce((sum, n) => sum + n, 0),
        pendingApproval: users('pending'),
        approved,
      },
      withdrawals: {
        pending: withdrawalsByStatus['pending'] ?? 0,
        completed: withdrawalsByStatus['completed'] ?? 0,
        amounts: { completed: microToNumber(completedMicro['all'] ?? 0n) },
      },
      // An active user is one who can sign in and use the product: an approved account.
      summary: { activeUsers: approved },
    },
  };
}

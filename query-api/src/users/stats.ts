import { microToNumber, USERS_COLLECTION, WITHDRAWALS_COLLECTION, type UserStatsResponse, type WithdrawalReadModel } from '@concierge/contracts';
import type { ReadStore } from '@concierge/platform/read-store/port';

export { WITHDRAWALS_COLLECTION };
/** Integer micro-USDC (digit strings in the read model); the read stores sum it exactly. */
const WITHDRAWAL_AMOUNT_FIELD = 'amountMicro' satisfies keyof WithdrawalReadModel;

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

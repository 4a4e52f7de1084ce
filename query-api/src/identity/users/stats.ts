import {
  microToNumber,
  PORTFOLIO_COLLECTION,
  USERS_COLLECTION,
  WITHDRAWALS_COLLECTION,
  type PortfolioReadModel,
  type UserStatsResponse,
  type WithdrawalReadModel,
} from '@concierge/contracts';
import type { ReadStore } from '@concierge/platform/read-store/port';

export { WITHDRAWALS_COLLECTION };
/** Integer micro-USDC (digit strings in the read model); the read stores sum it exactly. */
const WITHDRAWAL_AMOUNT_FIELD = 'amountMicro' satisfies keyof WithdrawalReadModel;
/** Each member's latest valuation in micro-USDC (absent before the first one, which sums as 0). */
const LATEST_VALUE_FIELD = `${'latest' satisfies keyof PortfolioReadModel}.totalValueMicro`;

/** Counts for the admin dashboard and user management cards; every figure is exact. */
export async function userStats(readStore: ReadStore): Promise<UserStatsResponse> {
  const withdrawals = readStore.collection(WITHDRAWALS_COLLECTION);
  const [usersByStatus, withdrawalsByStatus, completedMicro, managedMicro] = await Promise.all([
    readStore.collection(USERS_COLLECTION).countBy('status'),
    withdrawals.countBy('status'),
    withdrawals.sumBy(null, WITHDRAWAL_AMOUNT_FIELD, { filter: { status: 'completed' } }),
    readStore.collection(PORTFOLIO_COLLECTION).sumBy(null, LATEST_VALUE_FIELD),
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
      // Assets under management: the latest valuations of every member's portfolio, summed exactly.
      summary: { activeUsers: approved, assetsUnderManagement: microToNumber(managedMicro['all'] ?? 0n) },
    },
  };
}

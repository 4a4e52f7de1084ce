import type { WithdrawalStatus } from '@concierge/contracts';

/** Filters of the admin withdrawals list; `status` undefined means every status. */
export type AdminWithdrawalsParams = {
  page: number;
  limit: number;
  status: WithdrawalStatus | undefined;
  search: string | undefined;
};

/** Filters of the admin deposits list; `userId` undefined means every member's deposits. */
export type DepositsParams = { page: number; limit: number; userId: string | undefined };

/**
 * Every withdrawal query key starts with 'withdrawals' (dashboard table and management list), so
 * one invalidation after an approval, rejection or completion refreshes both.
 */
export const withdrawalsKeys = {
  all: ['withdrawals'] as const,
  pending: (limit: number) => ['withdrawals', 'admin', 'pending', limit] as const,
  adminList: (params: AdminWithdrawalsParams) => ['withdrawals', 'admin', 'list', params] as const,
};

/** The stats behind the cards count withdrawals too; the key is the users one the stats query uses. */
export const statsKey = ['users', 'stats'] as const;

/** Deposit lists: all deposits (Deposit History) and one member's (User Details). */
export const depositsKeys = {
  all: ['deposits'] as const,
  list: (params: DepositsParams) => ['deposits', 'list', params] as const,
};

/** A member's deposit wallet. The private key is never a query: each reveal is a step-up mutation. */
export const walletKeys = {
  user: (userId: string) => ['wallets', 'user', userId] as const,
};

import type { WithdrawalStatus } from '@concierge/contracts';

/** Filters of the admin withdrawals list; `status` undefined means every status. */
export type AdminWithdrawalsParams = {
  page: number;
  limit: number;
  status: WithdrawalStatus | undefined;
  search: string | undefined;
};

/**
 * Every withdrawal query key starts with 'withdrawals' (the admin dashboard table, the management
 * list and the member's own history), so one invalidation after a decision, a request or a
 * cancellation refreshes them all.
 */
export const withdrawalsKeys = {
  all: ['withdrawals'] as const,
  pending: (limit: number) => ['withdrawals', 'admin', 'pending', limit] as const,
  adminList: (params: AdminWithdrawalsParams) => ['withdrawals', 'admin', 'list', params] as const,
  /** The member's own withdrawals. */
  history: () => ['withdrawals', 'history'] as const,
};

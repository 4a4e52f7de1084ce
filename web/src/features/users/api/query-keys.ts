import type { UserStatus } from '@concierge/contracts';

/** Filters of the admin users list; `status` undefined means every status. */
export type UsersListParams = {
  page: number;
  limit: number;
  status: UserStatus | undefined;
  search: string | undefined;
};

/**
 * Every users query key starts with 'users', so one invalidation of ['users'] after an approval,
 * a rejection or an edit refreshes the cards, the pending table, the list and the details.
 */
export const usersKeys = {
  all: ['users'] as const,
  list: (params: UsersListParams) => ['users', 'list', params] as const,
  /** The counts behind the admin cards, withdrawals included: processing a withdrawal refreshes it too. */
  stats: () => ['users', 'stats'] as const,
  pending: (limit: number) => ['users', 'pending', limit] as const,
  detail: (id: string) => ['users', 'detail', id] as const,
};

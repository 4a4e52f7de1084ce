import type { UserStatus } from '@concierge/contracts';

/** Filters of the admin users list; `status` undefined means every status. */
export type UsersListParams = {
  page: number;
  limit: number;
  status: UserStatus | undefined;
  search: string | undefined;
};

/**
 * Every users query key starts with 'users' (the admin dashboard uses the same shapes), so one
 * invalidation of ['users'] after an approval refreshes the list, the cards, the pending table and
 * the details in both admin features.
 */
export const usersKeys = {
  all: ['users'] as const,
  list: (params: UsersListParams) => ['users', 'list', params] as const,
  stats: () => ['users', 'stats'] as const,
  detail: (id: string) => ['users', 'detail', id] as const,
};

/** Subscription plans, for the plan select on the details page. */
export const plansKeys = {
  all: ['subscriptions'] as const,
  list: () => ['subscriptions', 'list'] as const,
};

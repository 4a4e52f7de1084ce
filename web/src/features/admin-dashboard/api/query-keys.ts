/**
 * Every users query key starts with 'users' (the user management pages use the same shapes), so
 * one invalidation of ['users'] after an approval refreshes the cards, the pending table and the
 * users list alike.
 */
export const usersKeys = {
  all: ['users'] as const,
  stats: () => ['users', 'stats'] as const,
  pending: (limit: number) => ['users', 'pending', limit] as const,
};

/** The dashboard tables show the latest five pending items of each kind. */
export const DASHBOARD_PENDING_LIMIT = 5;

/**
 * Every users query key of the admin pages starts with 'users', so one invalidation of
 * ['users'] after a decision refreshes the cards, the pending table, the list and the details.
 */
export const userDecisionKeys = {
  all: ['users'] as const,
  stats: () => ['users', 'stats'] as const,
};

/** Subscription plans: the Subscription Manager's table and the plan select on the user details page. */
export const plansKeys = {
  all: ['subscriptions'] as const,
  list: () => ['subscriptions', 'list'] as const,
};

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanDto } from '@concierge/contracts';
import * as subscriptionsRoutes from '@concierge/contracts/subscriptions/routes';
import { api, ApiError } from '../../../lib/api-client';
import { plansKeys } from './query-keys';

/** GET /subscriptions: every plan. Answers 501 until subscription plans are built. */
export function getSubscriptionPlans(): Promise<PlanDto[]> {
  return api<PlanDto[]>(subscriptionsRoutes.listPlans);
}

export function subscriptionPlansQueryOptions() {
  return queryOptions({
    queryKey: plansKeys.list(),
    queryFn: getSubscriptionPlans,
    // A 501 (plans not built yet) or another client error will not change on a retry.
    retry: (failures, error) => !(error instanceof ApiError && (error.status < 500 || error.status === 501)) && failures < 2,
  });
}

export function useSubscriptionPlans() {
  return useQuery(subscriptionPlansQueryOptions());
}

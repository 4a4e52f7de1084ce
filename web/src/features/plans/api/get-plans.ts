import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanDto } from '@concierge/contracts';
import * as subscriptionsRoutes from '@concierge/contracts/subscriptions/routes';
import { api, ApiError } from '../../../lib/api-client';
import { plansKeys } from './query-keys';

/** GET /subscriptions (admin): every plan, by name, the default plan among them. */
export function getSubscriptionPlans(): Promise<PlanDto[]> {
  return api(subscriptionsRoutes.listPlans);
}

export function subscriptionPlansQueryOptions() {
  return queryOptions({
    queryKey: plansKeys.list(),
    queryFn: getSubscriptionPlans,
    // A client error (or a 501 from a server without plans) will not change on a retry.
    retry: (failures, error) => !(error instanceof ApiError && (error.status < 500 || error.status === 501)) && failures < 2,
  });
}

export function useSubscriptionPlans() {
  return useQuery(subscriptionPlansQueryOptions());
}

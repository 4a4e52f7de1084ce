import type { PlanSavedResponse } from '@concierge/contracts';
import * as subscriptionsRoutes from '@concierge/contracts/subscriptions/routes';
import { api, type RouteBody } from '../../../lib/api-client';

/** PUT /subscriptions/:id: replaces every field; deposits already recorded keep the fee they were charged. */
export function updatePlan(id: string, plan: RouteBody<typeof subscriptionsRoutes.updatePlan>): Promise<PlanSavedResponse> {
  return api(subscriptionsRoutes.updatePlan, { params: { id }, body: plan });
}

import type { PlanSavedResponse } from '@concierge/contracts';
import * as subscriptionsRoutes from '@concierge/contracts/subscriptions/routes';
import { api, type RouteBody } from '../../../lib/api-client';

/** POST /subscriptions: 409 when another plan has the name. */
export function createPlan(plan: RouteBody<typeof subscriptionsRoutes.createPlan>): Promise<PlanSavedResponse> {
  return api(subscriptionsRoutes.createPlan, { body: plan });
}

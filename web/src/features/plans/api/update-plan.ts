import type { PlanSavedResponse, SavePlanRequest } from '@concierge/contracts';
import * as subscriptionsRoutes from '@concierge/contracts/subscriptions/routes';
import { api, withParams } from '../../../lib/api-client';

/** PUT /subscriptions/:id: replaces every field; deposits already recorded keep the fee they were charged. */
export function updatePlan(id: string, plan: SavePlanRequest): Promise<PlanSavedResponse> {
  return api<PlanSavedResponse>(withParams(subscriptionsRoutes.updatePlan, { id }), { body: plan });
}

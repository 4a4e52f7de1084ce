import type { PlanSavedResponse, SavePlanRequest } from '@concierge/contracts';
import * as subscriptionsRoutes from '@concierge/contracts/subscriptions/routes';
import { api } from '../../../lib/api-client';

/** POST /subscriptions: 409 when another plan has the name. */
export function createPlan(plan: SavePlanRequest): Promise<PlanSavedResponse> {
  return api<PlanSavedResponse>(subscriptionsRoutes.createPlan, { body: plan });
}

import type { PlanSavedResponse } from '@concierge/contracts';
import type * as subscriptionsRoutes from '@concierge/contracts/subscriptions/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '../../../lib/api-client';
import { createPlan } from './create-plan';
import { plansKeys } from './query-keys';
import { updatePlan } from './update-plan';

/** Creates (no id) or edits (with its id) a plan: the two halves of the Subscription Manager's form. */
export function savePlan({ id, plan }: { id?: string; plan: RouteBody<typeof subscriptionsRoutes.createPlan> }): Promise<PlanSavedResponse> {
  return id === undefined ? createPlan(plan) : updatePlan(id, plan);
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePlan, onSuccess: () => queryClient.invalidateQueries({ queryKey: plansKeys.all }) });
}

import type { PlanSavedResponse, SavePlanRequest } from '@concierge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createPlan } from './create-plan';
import { plansKeys } from './query-keys';
import { updatePlan } from './update-plan';

/** Creates (no id) or edits (with its id) a plan: the two halves of the Subscription Manager's form. */
export function savePlan({ id, plan }: { id?: string; plan: SavePlanRequest }): Promise<PlanSavedResponse> {
  return id === undefined ? createPlan(plan) : updatePlan(id, plan);
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePlan, onSuccess: () => queryClient.invalidateQueries({ queryKey: plansKeys.all }) });
}

import type { MessageAccepted } from '@concierge/contracts';
import * as subscriptionsRoutes from '@concierge/contracts/subscriptions/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { plansKeys } from './query-keys';

/** DELETE /subscriptions/:id: 409 for the default plan and for a plan members are on (the message says how many). */
export function deletePlan(id: string): Promise<MessageAccepted> {
  return api(subscriptionsRoutes.deletePlan, { params: { id } });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePlan, onSuccess: () => queryClient.invalidateQueries({ queryKey: plansKeys.all }) });
}

import type { MessageAccepted } from '@concierge/contracts';
import * as strategyRoutes from '@concierge/contracts/strategies/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { strategiesKeys } from './query-keys';

/** DELETE /strategies/:id: its token symbols become free for another group. */
export function deleteStrategy(id: string): Promise<MessageAccepted> {
  return api(strategyRoutes.deleteStrategy, { params: { id } });
}

export function useDeleteStrategy() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteStrategy, onSuccess: () => queryClient.invalidateQueries({ queryKey: strategiesKeys.all }) });
}

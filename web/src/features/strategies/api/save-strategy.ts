import type { StrategySavedResponse } from '@concierge/contracts';
import type * as strategyRoutes from '@concierge/contracts/strategies/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteBody } from '../../../lib/api-client';
import { createStrategy } from './create-strategy';
import { strategiesKeys } from './query-keys';
import { updateStrategy } from './update-strategy';

/**
 * What the Strategy Manager's form sends (the same body adds and edits a group): token symbols
 * already split, trimmed, upper-cased and without blanks; a risk level or colour left out follows
 * from the risk weight on the server.
 */
export type StrategyInput = RouteBody<typeof strategyRoutes.createStrategy>;

/** Creates (no id) or edits (with its id) a strategy group: the two halves of one form. */
export function saveStrategy({ id, strategy }: { id?: string; strategy: StrategyInput }): Promise<StrategySavedResponse> {
  return id === undefined ? createStrategy(strategy) : updateStrategy(id, strategy);
}

export function useSaveStrategy() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveStrategy, onSuccess: () => queryClient.invalidateQueries({ queryKey: strategiesKeys.all }) });
}

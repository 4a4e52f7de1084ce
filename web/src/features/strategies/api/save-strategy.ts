import type { StrategySavedResponse } from '@concierge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createStrategy } from './create-strategy';
import { strategiesKeys } from './query-keys';
import type { StrategyInput } from './strategy-input';
import { updateStrategy } from './update-strategy';

/** Creates (no id) or edits (with its id) a strategy group: the two halves of one form. */
export function saveStrategy({ id, strategy }: { id?: string; strategy: StrategyInput }): Promise<StrategySavedResponse> {
  return id === undefined ? createStrategy(strategy) : updateStrategy(id, strategy);
}

export function useSaveStrategy() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveStrategy, onSuccess: () => queryClient.invalidateQueries({ queryKey: strategiesKeys.all }) });
}

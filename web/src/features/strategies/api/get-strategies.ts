import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StrategyGroupDto } from '@concierge/contracts';
import * as strategyRoutes from '@concierge/contracts/strategies/routes';
import { api } from '../../../lib/api-client';
import { strategiesKeys } from './query-keys';

/** GET /strategies (admin): every strategy group, lowest risk weight first, then by name. */
export function getStrategies(): Promise<StrategyGroupDto[]> {
  return api(strategyRoutes.listStrategies);
}

export const strategiesQueryOptions = () => queryOptions({ queryKey: strategiesKeys.list(), queryFn: getStrategies });

export function useStrategies() {
  return useQuery(strategiesQueryOptions());
}

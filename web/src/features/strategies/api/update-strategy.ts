import type { StrategySavedResponse } from '@concierge/contracts';
import * as strategyRoutes from '@concierge/contracts/strategies/routes';
import { api } from '../../../lib/api-client';
import type { StrategyInput } from './strategy-input';

/** PUT /strategies/:id: replaces every field of the group. */
export function updateStrategy(id: string, strategy: StrategyInput): Promise<StrategySavedResponse> {
  return api(strategyRoutes.updateStrategy, { params: { id }, body: strategy });
}

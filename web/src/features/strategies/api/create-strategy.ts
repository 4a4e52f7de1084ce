import type { StrategySavedResponse } from '@concierge/contracts';
import * as strategyRoutes from '@concierge/contracts/strategies/routes';
import { api } from '../../../lib/api-client';
import type { StrategyInput } from './strategy-input';

/** POST /strategies: 409 when the name is taken or a token symbol is listed by another group (named). */
export function createStrategy(strategy: StrategyInput): Promise<StrategySavedResponse> {
  return api(strategyRoutes.createStrategy, { body: strategy });
}

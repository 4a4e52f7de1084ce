import { STRATEGY_DELETED_MESSAGE, STRATEGY_SAVED_MESSAGE, type StrategyGroupDto, type StrategySavedResponse } from '@concierge/contracts';
import type { SomeHandlers, WithStorePosition } from '@concierge/platform/http/handlers';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';
import { createStrategy } from '@concierge/domain/strategies/create-strategy';
import { deleteStrategy } from '@concierge/domain/strategies/delete-strategy';
import type { StrategyAfter } from '@concierge/domain/strategies/strategy-after';
import { updateStrategy } from '@concierge/domain/strategies/update-strategy';

export type StrategyRouteDeps = AggregateDeps;

/** The group as GET /strategies shows it, so the SPA can update its table without a reload. */
export function strategyDto({ strategy }: StrategyAfter): StrategyGroupDto {
  const { strategyId, createdAt, updatedAt, name, displayName, description, color, riskLevel, riskWeight, tokenSymbols } = strategy;
  return { _id: strategyId, id: strategyId, name, displayName, description, color, riskLevel, riskWeight, tokenSymbols: [...tokenSymbols], createdAt, updatedAt };
}

const saved = (after: StrategyAfter): WithStorePosition<StrategySavedResponse> => ({ message: STRATEGY_SAVED_MESSAGE, strategy: strategyDto(after), position: after.position });

/** The admins' strategy groups: create, update, and delete (its name and token symbols are free for other groups afterwards). */
export function strategyHandlers(deps: StrategyRouteDeps) {
  return {
    'strategies.create': async ({ body, context }) => saved(await createStrategy(deps, body, context)),
    'strategies.update': async ({ params, body, context }) => saved(await updateStrategy(deps, { ...body, strategyId: params.id }, context)),
    'strategies.delete': async ({ params, context }) => ({ message: STRATEGY_DELETED_MESSAGE, position: await deleteStrategy(deps, { strategyId: params.id }, context) }),
  } satisfies SomeHandlers<'command'>;
}

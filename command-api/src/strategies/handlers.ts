import { STRATEGY_DELETED_MESSAGE, STRATEGY_SAVED_MESSAGE, type StrategyGroupDto, type StrategySavedResponse } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { SomeHandlers, WithStorePosition } from '@concierge/platform/http/handlers';
import { createStrategy, deleteStrategy, updateStrategy, type StrategyAfter } from '@concierge/domain/strategies/manage-strategies';

export interface StrategyRouteDeps {
  readonly eventStore: EventStore;
}

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
    'strategies.update': async ({ params, body, context }) => saved(await updateStrategy(deps, params.id, body, context)),
    'strategies.delete': async ({ params, context }) => ({ message: STRATEGY_DELETED_MESSAGE, position: await deleteStrategy(deps, params.id, context) }),
  } satisfies SomeHandlers<'command'>;
}

import type { StrategyGroupCommand } from '@concierge/contracts';
import { ConflictError, NotFoundError } from '@concierge/platform/errors';
import { defineAggregate } from '../shared/aggregate.js';
import { evolveStrategy, initialStrategyState, strategyStreamId, type StrategyEvent, type StrategyFields, type StrategyState } from './strategy.js';

export const STRATEGY_NOT_FOUND_MESSAGE = 'Strategy group not found';
export const STRATEGY_EXISTS_MESSAGE = 'This strategy group was already created with different details.';

const sameFields = (a: StrategyFields, b: StrategyFields): boolean =>
  a.name === b.name &&
  a.displayName === b.displayName &&
  a.description === b.description &&
  a.color === b.color &&
  a.riskLevel === b.riskLevel &&
  a.riskWeight === b.riskWeight &&
  a.tokenSymbols.length === b.tokenSymbols.length &&
  a.tokenSymbols.every((symbol, i) => b.tokenSymbols[i] === symbol);

export function decideStrategy(command: StrategyGroupCommand, state: StrategyState): StrategyEvent[] {
  const at = command.metadata.now;
  switch (command.type) {
    case 'CreateStrategyGroup':
      if (state.status === 'none') return [{ type: 'StrategyGroupCreated', data: { ...command.data, createdAt: at } }];
      if (state.status === 'live' && sameFields(state, command.data)) return [];
      throw new ConflictError(STRATEGY_EXISTS_MESSAGE);
    case 'UpdateStrategyGroup':
      if (state.status !== 'live') throw new NotFoundError(STRATEGY_NOT_FOUND_MESSAGE);
      return sameFields(state, command.data) ? [] : [{ type: 'StrategyGroupUpdated', data: { ...command.data, updatedAt: at } }];
    case 'DeleteStrategyGroup':
      if (state.status === 'none') throw new NotFoundError(STRATEGY_NOT_FOUND_MESSAGE);
      return state.status === 'deleted' ? [] : [{ type: 'StrategyGroupDeleted', data: { strategyId: command.data.strategyId, deletedAt: at } }];
  }
}

/** `strategy-<strategyId>`. Bump the snapshot version whenever `evolveStrategy` or `StrategyState` changes. */
export const strategyAggregate = defineAggregate<StrategyState, StrategyEvent, StrategyGroupCommand>({
  streamOf: strategyStreamId,
  initialState: initialStrategyState,
  evolve: evolveStrategy,
  decide: decideStrategy,
  snapshot: { name: 'strategy', version: 1 },
});

import { NotFoundError } from '@concierge/platform/errors';
import type { Position } from '@concierge/platform/event-store/position';
import { STRATEGY_NOT_FOUND_MESSAGE } from './decide.js';
import type { StrategyGroup, StrategyState } from './strategy.js';

/** A strategy group as it stands after a command, with the position of the command's last event. */
export interface StrategyAfter {
  readonly strategy: StrategyGroup;
  readonly position: Position | null;
}

export function strategyAfter(state: StrategyState, position: Position | null): StrategyAfter {
  if (state.status === 'none') throw new NotFoundError(STRATEGY_NOT_FOUND_MESSAGE);
  return { strategy: state, position };
}

/** Ids this service issues (and the seed groups'); anything else names no group and never reaches the store. */
export function issuedStrategyId(id: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new NotFoundError(STRATEGY_NOT_FOUND_MESSAGE);
  return id;
}

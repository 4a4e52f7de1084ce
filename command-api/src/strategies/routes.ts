import type { RequestHandler } from 'express';
import { STRATEGY_DELETED_MESSAGE, STRATEGY_SAVED_MESSAGE, strategyRoutes, type StrategyGroupDto, type StrategySavedResponse } from '@concierge/contracts';
import { formatPosition, type Position } from '@concierge/platform/event-store/position';
import { inputOf } from '@concierge/platform/http/route-table';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';
import { createStrategy } from '@concierge/domain/strategies/create-strategy';
import { deleteStrategy } from '@concierge/domain/strategies/delete-strategy';
import type { StrategyAfter } from '@concierge/domain/strategies/strategy-after';
import { updateStrategy } from '@concierge/domain/strategies/update-strategy';
import { callerContext } from '../identity/request-context.js';

export interface StrategyRouteDeps extends AggregateDeps {
  readonly now: () => Date;
}

const wire = (position: Position | null) => (position ? formatPosition(position) : null);

/** The group as GET /strategies shows it, so the SPA can update its table without a reload. */
export function strategyDto({ strategy }: StrategyAfter): StrategyGroupDto {
  const { strategyId, createdAt, updatedAt, name, displayName, description, color, riskLevel, riskWeight, tokenSymbols } = strategy;
  return { _id: strategyId, id: strategyId, name, displayName, description, color, riskLevel, riskWeight, tokenSymbols: [...tokenSymbols], createdAt, updatedAt };
}

const saved = (after: StrategyAfter): StrategySavedResponse => ({ message: STRATEGY_SAVED_MESSAGE, strategy: strategyDto(after), position: wire(after.position) });

/** POST /strategies */
export function createStrategyHandler(deps: StrategyRouteDeps): RequestHandler {
  return async (req, res) => {
    const { body } = inputOf(req, strategyRoutes.createStrategy);
    res.status(201).json(saved(await createStrategy(deps, body, callerContext(req, res, deps.now))));
  };
}

/** PUT /strategies/:id */
export function updateStrategyHandler(deps: StrategyRouteDeps): RequestHandler {
  return async (req, res) => {
    const { params, body } = inputOf(req, strategyRoutes.updateStrategy);
    res.json(saved(await updateStrategy(deps, { ...body, strategyId: params.id }, callerContext(req, res, deps.now))));
  };
}

/** DELETE /strategies/:id: its name and token symbols are free for other groups afterwards. */
export function deleteStrategyHandler(deps: StrategyRouteDeps): RequestHandler {
  return async (req, res) => {
    const { params } = inputOf(req, strategyRoutes.deleteStrategy);
    const position = await deleteStrategy(deps, { strategyId: params.id }, callerContext(req, res, deps.now));
    res.json({ message: STRATEGY_DELETED_MESSAGE, position: wire(position) });
  };
}

import { IdParams } from '../shared/fields.js';
import { MessageAccepted } from '../shared/problem.js';
import { defineRoute } from '../shared/route.js';
import { SaveStrategyRequest, STRATEGY_FORM_INVALID, StrategyGroupListResponse, StrategySavedResponse } from './dto.js';

export const publicStrategies = defineRoute({
  id: 'strategies.public',
  method: 'GET',
  path: '/strategies/public',
  side: 'query',
  access: 'public',
  summary: 'Strategy groups for anyone, sorted by riskWeight.',
  response: StrategyGroupListResponse,
  reads: ['strategies'],
});

export const listStrategies = defineRoute({
  id: 'strategies.list',
  method: 'GET',
  path: '/strategies',
  side: 'query',
  access: ['admin'],
  summary: 'Strategy groups for the strategy manager, sorted by riskWeight.',
  response: StrategyGroupListResponse,
  reads: ['strategies'],
});

export const createStrategy = defineRoute({
  id: 'strategies.create',
  method: 'POST',
  path: '/strategies',
  side: 'command',
  status: 201,
  access: ['admin'],
  summary: 'Create a strategy group.',
  body: SaveStrategyRequest,
  response: StrategySavedResponse,
  invalidMessage: STRATEGY_FORM_INVALID,
});

export const updateStrategy = defineRoute({
  id: 'strategies.update',
  method: 'PUT',
  path: '/strategies/:id',
  side: 'command',
  access: ['admin'],
  summary: "Replace a strategy group's fields.",
  params: IdParams,
  body: SaveStrategyRequest,
  response: StrategySavedResponse,
  invalidMessage: STRATEGY_FORM_INVALID,
});

export const deleteStrategy = defineRoute({
  id: 'strategies.delete',
  method: 'DELETE',
  path: '/strategies/:id',
  side: 'command',
  access: ['admin'],
  summary: 'Delete a strategy group.',
  params: IdParams,
  response: MessageAccepted,
});

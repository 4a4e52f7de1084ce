import { IdParams } from '../shared/fields.js';
import { MessageAccepted } from '../shared/problem.js';
import { defineRoute } from '../shared/route.js';
import { PLAN_FORM_INVALID, PlanListResponse, PlanSavedResponse, SavePlanRequest } from './dto.js';

export const listPlans = defineRoute({
  id: 'subscriptions.list',
  method: 'GET',
  path: '/subscriptions',
  side: 'query',
  access: ['admin'],
  summary: 'Every subscription plan, by name.',
  response: PlanListResponse,
  reads: ['plans'],
});

export const createPlan = defineRoute({
  id: 'subscriptions.create',
  method: 'POST',
  path: '/subscriptions',
  side: 'command',
  status: 201,
  access: ['admin'],
  summary: 'Create a subscription plan.',
  body: SavePlanRequest,
  response: PlanSavedResponse,
  invalidMessage: PLAN_FORM_INVALID,
});

export const updatePlan = defineRoute({
  id: 'subscriptions.update',
  method: 'PUT',
  path: '/subscriptions/:id',
  side: 'command',
  access: ['admin'],
  summary: "Replace a plan's fields; deposits already made keep their fee.",
  params: IdParams,
  body: SavePlanRequest,
  response: PlanSavedResponse,
  invalidMessage: PLAN_FORM_INVALID,
});

export const deletePlan = defineRoute({
  id: 'subscriptions.delete',
  method: 'DELETE',
  path: '/subscriptions/:id',
  side: 'command',
  access: ['admin'],
  summary: 'Delete a subscription plan.',
  params: IdParams,
  response: MessageAccepted,
});

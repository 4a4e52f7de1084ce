import type { RequestHandler } from 'express';
import { feePercentageToNumber, PLAN_DELETED_MESSAGE, PLAN_SAVED_MESSAGE, subscriptionRoutes, type PlanDto, type PlanSavedResponse } from '@concierge/contracts';
import { formatPosition, type Position } from '@concierge/platform/event-store/position';
import { inputOf } from '@concierge/platform/http/route-table';
import { createPlan } from '@concierge/domain/plans/create-plan';
import { deletePlan } from '@concierge/domain/plans/delete-plan';
import { DEFAULT_PLAN_ID } from '@concierge/domain/plans/plan';
import type { PlanAfter } from '@concierge/domain/plans/plan-after';
import { updatePlan } from '@concierge/domain/plans/update-plan';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';
import { callerContext } from '../identity/request-context.js';

export interface PlanRouteDeps extends AggregateDeps {
  readonly now: () => Date;
}

const wire = (position: Position | null) => (position ? formatPosition(position) : null);

/** The plan as GET /subscriptions shows it, so the SPA can update its table without a reload. */
export function planDto({ plan }: PlanAfter): PlanDto {
  const { planId, name, feePercentage, description, isActive, createdAt, updatedAt } = plan;
  return { _id: planId, id: planId, name, feePercentage: feePercentageToNumber(feePercentage), description, isActive, isDefault: planId === DEFAULT_PLAN_ID, createdAt, updatedAt };
}

const saved = (after: PlanAfter): PlanSavedResponse => ({ message: PLAN_SAVED_MESSAGE, plan: planDto(after), position: wire(after.position) });

/** POST /subscriptions */
export function createPlanHandler(deps: PlanRouteDeps): RequestHandler {
  return async (req, res) => {
    const { body } = inputOf(req, subscriptionRoutes.createPlan);
    res.status(201).json(saved(await createPlan(deps, body, callerContext(req, res, deps.now))));
  };
}

/** PUT /subscriptions/:id */
export function updatePlanHandler(deps: PlanRouteDeps): RequestHandler {
  return async (req, res) => {
    const { params, body } = inputOf(req, subscriptionRoutes.updatePlan);
    res.json(saved(await updatePlan(deps, { ...body, planId: params.id }, callerContext(req, res, deps.now))));
  };
}

/** DELETE /subscriptions/:id: refused (409) while members are on the plan. */
export function deletePlanHandler(deps: PlanRouteDeps): RequestHandler {
  return async (req, res) => {
    const { params } = inputOf(req, subscriptionRoutes.deletePlan);
    const position = await deletePlan(deps, { planId: params.id }, callerContext(req, res, deps.now));
    res.json({ message: PLAN_DELETED_MESSAGE, position: wire(position) });
  };
}

import { feePercentageToNumber, PLAN_DELETED_MESSAGE, PLAN_SAVED_MESSAGE, type PlanDto, type PlanSavedResponse } from '@concierge/contracts';
import type { SomeHandlers, WithStorePosition } from '@concierge/platform/http/handlers';
import { createPlan } from '@concierge/domain/plans/create-plan';
import { deletePlan } from '@concierge/domain/plans/delete-plan';
import { DEFAULT_PLAN_ID } from '@concierge/domain/plans/plan';
import type { PlanAfter } from '@concierge/domain/plans/plan-after';
import { updatePlan } from '@concierge/domain/plans/update-plan';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';

export type PlanRouteDeps = AggregateDeps;

/** The plan as GET /subscriptions shows it, so the SPA can update its table without a reload. */
export function planDto({ plan }: PlanAfter): PlanDto {
  const { planId, name, feePercentage, description, isActive, createdAt, updatedAt } = plan;
  return { _id: planId, id: planId, name, feePercentage: feePercentageToNumber(feePercentage), description, isActive, isDefault: planId === DEFAULT_PLAN_ID, createdAt, updatedAt };
}

const saved = (after: PlanAfter): WithStorePosition<PlanSavedResponse> => ({ message: PLAN_SAVED_MESSAGE, plan: planDto(after), position: after.position });

/** The admins' subscription plans: create, update, and delete (refused with 409 while members are on the plan). */
export function planHandlers(deps: PlanRouteDeps) {
  return {
    'subscriptions.create': async ({ body, context }) => saved(await createPlan(deps, body, context)),
    'subscriptions.update': async ({ params, body, context }) => saved(await updatePlan(deps, { ...body, planId: params.id }, context)),
    'subscriptions.delete': async ({ params, context }) => ({ message: PLAN_DELETED_MESSAGE, position: await deletePlan(deps, { planId: params.id }, context) }),
  } satisfies SomeHandlers<'command'>;
}

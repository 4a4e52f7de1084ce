import type { UpdateUserRequest } from '@concierge/contracts';
import { NotFoundError, ValidationError } from '@concierge/platform/errors';
import type { Position } from '@concierge/platform/event-store/position';
import { joinPlan } from '../../plans/join-plan.js';
import { leavePlan } from '../../plans/leave-plan.js';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { USER_NOT_FOUND_MESSAGE, userAggregate } from '../user/decide.js';
import { findUserById } from '../user/find-user.js';
import { issuedUserId } from './issued-user-id.js';

export const PLAN_NOT_FOUND_MESSAGE = 'No subscription plan found with this ID.';

/** The plan side of an assignment: an unknown or deleted plan is a field error, an inactive one a 409 (from the plan). */
async function putOnPlan(deps: AggregateDeps, planId: string, userId: string, ctx: CommandContext): Promise<void> {
  try {
    await joinPlan(deps, { planId, userId }, ctx);
  } catch (error) {
    if (error instanceof NotFoundError) throw new ValidationError([{ field: 'subscriptionPlan', message: PLAN_NOT_FOUND_MESSAGE }]);
    throw error;
  }
}

/**
 * An admin (the context's actor, who may not change their own status or admin role) changes
 * status, role and subscription plan; only fields that change append events. A new plan learns of
 * the member before the member's stream changes (so it cannot be deleted from under them), and
 * the old plan after; a move that stops in between leaves the old plan counting a member it no
 * longer has, which deleting that plan checks against the member's stream.
 */
export async function updateUser(deps: AggregateDeps, input: { readonly userId: string; readonly changes: UpdateUserRequest }, ctx: CommandContext): Promise<Position | null> {
  const userId = issuedUserId(input.userId);
  const { changes } = input;
  const plan = changes.subscriptionPlan;
  let previousPlan: string | null = null;
  if (plan !== undefined) {
    const user = await findUserById(deps, userId);
    if (user === undefined) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
    previousPlan = user.planId;
    if (plan !== null && plan !== user.planId) await putOnPlan(deps, plan, userId, ctx);
  }
  const data = { userId, status: changes.status, role: changes.role, subscriptionPlanId: plan };
  const { position } = await userAggregate.handle(deps, userId, { type: 'UpdateUserDetails', data, metadata: commandMetadata(ctx) }, ctx);
  if (plan !== undefined && previousPlan !== null && previousPlan !== plan) await leavePlan(deps, { planId: previousPlan, userId }, ctx);
  return position;
}

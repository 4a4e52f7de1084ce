import { NotFoundError } from '@concierge/platform/errors';
import type { Position } from '@concierge/platform/event-store/position';
import { findUserById } from '../identity/user/find-user.js';
import type { AggregateDeps } from '../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../shared/command-context.js';
import { PLAN_NOT_FOUND_MESSAGE, planAggregate } from './decide.js';
import { issuedPlanId } from './plan-after.js';
import { releasePlanName } from './plan-name.js';

/** The plan the member's own stream says they are on (null: the default plan), from the user aggregate's cached state. */
async function memberPlanOf(deps: AggregateDeps, userId: string): Promise<string | null> {
  return (await findUserById(deps, userId))?.planId ?? null;
}

/**
 * DELETE /subscriptions/:id: refused while members are on the plan. A member the plan still counts
 * but whose own stream shows another plan (a move that stopped half-way) is not one of them.
 */
export async function deletePlan(deps: AggregateDeps, input: { readonly planId: string }, ctx: CommandContext): Promise<Position | null> {
  const planId = issuedPlanId(input.planId);
  const { decidedOn, events, position } = await planAggregate.handle(
    deps,
    planId,
    async (state) => {
      if (state.status === 'none') throw new NotFoundError(PLAN_NOT_FOUND_MESSAGE);
      if (state.status === 'deleted') return null;
      const notMembers: string[] = [];
      for (const userId of state.members.keys()) {
        if ((await memberPlanOf(deps, userId)) !== planId) notMembers.push(userId);
      }
      return { type: 'DeleteSubscriptionPlan', data: { planId, notMembers }, metadata: commandMetadata(ctx) };
    },
    ctx,
  );
  if (events.length > 0 && decidedOn.status === 'live') await releasePlanName(deps, { name: decidedOn.name, planId }, ctx);
  return position;
}

import type { Position } from '@concierge/platform/event-store/position';
import type { AggregateDeps } from '../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../shared/command-context.js';
import { planAggregate } from './decide.js';
import { issuedPlanId } from './plan-after.js';

/**
 * The plan side of putting a member on a plan, done before the member's own stream changes: an
 * inactive or deleted plan is refused, and once joined the plan cannot be deleted from under them.
 */
export async function joinPlan(deps: AggregateDeps, input: { readonly planId: string; readonly userId: string }, ctx: CommandContext): Promise<Position | null> {
  const planId = issuedPlanId(input.planId);
  const command = { type: 'AddSubscriptionPlanMember' as const, data: { planId, userId: input.userId }, metadata: commandMetadata(ctx) };
  return (await planAggregate.handle(deps, planId, command, ctx)).position;
}

import type { Position } from '@concierge/platform/event-store/position';
import type { AggregateDeps } from '../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../shared/command-context.js';
import { planAggregate } from './decide.js';

/** The plan side of moving a member off a plan, done after the member's own stream changed. */
export async function leavePlan(deps: AggregateDeps, input: { readonly planId: string; readonly userId: string }, ctx: CommandContext): Promise<Position | null> {
  const command = { type: 'RemoveSubscriptionPlanMember' as const, data: { planId: input.planId, userId: input.userId }, metadata: commandMetadata(ctx) };
  return (await planAggregate.handle(deps, input.planId, command, ctx)).position;
}

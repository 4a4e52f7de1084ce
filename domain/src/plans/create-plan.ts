import { randomUUID } from 'node:crypto';
import type { AggregateDeps } from '../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../shared/command-context.js';
import { planAggregate } from './decide.js';
import type { PlanFields } from './plan.js';
import { planAfter, type PlanAfter } from './plan-after.js';
import { claimPlanName } from './plan-name.js';

/** A new plan's fields, and its id when it is a fixed one (the default plan's). */
export interface NewPlan extends PlanFields {
  readonly planId?: string | undefined;
}

/**
 * POST /subscriptions. The plan's name is claimed once the creation is decided, right before it is
 * appended; a claim whose plan never came (the write stopped in between) is left to whoever
 * claims the name after `CLAIM_IN_PROGRESS_MS`.
 */
export async function createPlan(deps: AggregateDeps, input: NewPlan, ctx: CommandContext): Promise<PlanAfter> {
  const { planId = randomUUID(), ...fields } = input;
  const command = { type: 'CreateSubscriptionPlan' as const, data: { planId, ...fields }, metadata: commandMetadata(ctx) };
  const { newState, position } = await planAggregate.handle(deps, planId, command, ctx, {
    beforeAppend: () => claimPlanName(deps, { name: fields.name, planId }, ctx),
  });
  return planAfter(newState, position);
}

import type { AggregateDeps } from '../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../shared/command-context.js';
import { planAggregate } from './decide.js';
import type { PlanFields, PlanState } from './plan.js';
import { issuedPlanId, planAfter, type PlanAfter } from './plan-after.js';
import { claimPlanName, releasePlanName, sameName } from './plan-name.js';

/** The name the plan had before, when the fields rename it (not merely recase it). */
const renamedFrom = (state: PlanState, fields: PlanFields): string | undefined =>
  state.status === 'live' && !sameName(state.name, fields.name) ? state.name : undefined;

/** PUT /subscriptions/:id: a new name is claimed before the plan's change is appended and the old one let go after. */
export async function updatePlan(deps: AggregateDeps, input: PlanFields & { readonly planId: string }, ctx: CommandContext): Promise<PlanAfter> {
  const { planId: id, ...fields } = input;
  const planId = issuedPlanId(id);
  const command = { type: 'UpdateSubscriptionPlan' as const, data: { planId, ...fields }, metadata: commandMetadata(ctx) };
  const { decidedOn, newState, position } = await planAggregate.handle(deps, planId, command, ctx, {
    beforeAppend: async (_events, state) => {
      if (renamedFrom(state, fields) !== undefined) await claimPlanName(deps, { name: fields.name, planId }, ctx);
    },
  });
  const oldName = renamedFrom(decidedOn, fields);
  if (oldName !== undefined) await releasePlanName(deps, { name: oldName, planId }, ctx);
  return planAfter(newState, position);
}

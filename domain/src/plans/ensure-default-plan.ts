import type { AggregateDeps } from '../shared/aggregate.js';
import type { CommandContext } from '../shared/command-context.js';
import { createPlan } from './create-plan.js';
import { planAggregate } from './decide.js';
import { DEFAULT_PLAN_DESCRIPTION, DEFAULT_PLAN_ID, DEFAULT_PLAN_NAME } from './plan.js';

/** What the first start found or made of the default plan. */
export interface DefaultPlanOutcome {
  readonly created: boolean;
  /** The fee it charges now, which an admin may have changed since it was seeded. */
  readonly feePercentage: string;
}

/** At every start: the default plan exists, seeded once with `feePercentage` (later edits are the admins'). */
export async function ensureDefaultPlan(deps: AggregateDeps, input: { readonly feePercentage: string }, ctx: CommandContext): Promise<DefaultPlanOutcome> {
  const state = await planAggregate.load(deps, DEFAULT_PLAN_ID);
  if (state.status !== 'none') return { created: false, feePercentage: state.feePercentage };
  const fields = { name: DEFAULT_PLAN_NAME, feePercentage: input.feePercentage, description: DEFAULT_PLAN_DESCRIPTION, isActive: true };
  const { plan } = await createPlan(deps, { ...fields, planId: DEFAULT_PLAN_ID }, ctx);
  return { created: true, feePercentage: plan.feePercentage };
}

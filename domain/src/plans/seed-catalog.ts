import type { AggregateDeps } from '../shared/aggregate.js';
import type { CommandContext } from '../shared/command-context.js';
import { ensureSeedStrategies, type SeedOutcome } from '../strategies/ensure-seed-strategies.js';
import { ensureDefaultPlan, type DefaultPlanOutcome } from './ensure-default-plan.js';

export interface CatalogSeedOutcome {
  readonly defaultPlan: DefaultPlanOutcome;
  readonly strategies: readonly SeedOutcome[];
}

/**
 * Run at every start of the command side (any number of replicas at once: each step is keyed by a
 * fixed id and decided on its stream): the default plan and the seed strategy groups exist from the
 * first start, made once, and whatever admins did to them since is kept.
 */
export async function seedCatalog(deps: AggregateDeps, input: { readonly defaultPlanFeePercentage: string }, ctx: CommandContext): Promise<CatalogSeedOutcome> {
  const defaultPlan = await ensureDefaultPlan(deps, { feePercentage: input.defaultPlanFeePercentage }, ctx);
  const strategies = await ensureSeedStrategies(deps, ctx);
  return { defaultPlan, strategies };
}

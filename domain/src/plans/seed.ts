import type { EventStore } from '@concierge/platform/event-store/port';
import type { CommandContext } from '../shared/command-context.js';
import { ensureSeedStrategies, type SeedOutcome } from '../strategies/manage-strategies.js';
import { ensureDefaultPlan, type DefaultPlanOutcome } from './manage-plans.js';

export interface CatalogSeedOutcome {
  readonly defaultPlan: DefaultPlanOutcome;
  readonly strategies: readonly SeedOutcome[];
}

/**
 * Run at every start of the command side (any number of replicas at once: each step is keyed by a
 * fixed id and decided on its stream): the default plan and the seed strategy groups exist from the
 * first start, made once, and whatever admins did to them since is kept.
 */
export async function seedCatalog(deps: { readonly eventStore: EventStore }, defaultPlanFeePercentage: string, ctx: CommandContext): Promise<CatalogSeedOutcome> {
  const defaultPlan = await ensureDefaultPlan(deps, defaultPlanFeePercentage, ctx);
  const strategies = await ensureSeedStrategies(deps, ctx);
  return { defaultPlan, strategies };
}

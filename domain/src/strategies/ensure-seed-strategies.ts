import { ConflictError } from '@concierge/platform/errors';
import type { AggregateDeps } from '../shared/aggregate.js';
import type { CommandContext } from '../shared/command-context.js';
import { createStrategy } from './create-strategy.js';
import { strategyAggregate } from './decide.js';
import { SEED_STRATEGY_GROUPS } from './strategy.js';

/** What the start-up did with each seed group: made it, found it (maybe edited or deleted by an admin), or could not (its name or a symbol is taken). */
export type SeedOutcome = { readonly strategyId: string; readonly outcome: 'created' | 'present' | 'refused'; readonly reason?: string };

/** At every start: the seed groups exist, made once; an admin's later edits and deletions are kept. */
export async function ensureSeedStrategies(deps: AggregateDeps, ctx: CommandContext): Promise<SeedOutcome[]> {
  const outcomes: SeedOutcome[] = [];
  for (const group of SEED_STRATEGY_GROUPS) {
    const { strategyId } = group;
    const state = await strategyAggregate.load(deps, strategyId);
    if (state.status !== 'none') {
      outcomes.push({ strategyId, outcome: 'present' });
      continue;
    }
    try {
      await createStrategy(deps, group, ctx);
      outcomes.push({ strategyId, outcome: 'created' });
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      outcomes.push({ strategyId, outcome: 'refused', reason: error.message });
    }
  }
  return outcomes;
}

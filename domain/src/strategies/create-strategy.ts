import { randomUUID } from 'node:crypto';
import type { AggregateDeps } from '../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../shared/command-context.js';
import { strategyAggregate } from './decide.js';
import type { StrategyFields } from './strategy.js';
import { strategyAfter, type StrategyAfter } from './strategy-after.js';
import { claimAll } from './strategy-claims.js';

/** A new group's fields, and its id when it is a fixed one (a seed group's). */
export interface NewStrategy extends StrategyFields {
  readonly strategyId?: string | undefined;
}

/** POST /strategies: its name and symbols are claimed once the creation is decided, right before it is appended. */
export async function createStrategy(deps: AggregateDeps, input: NewStrategy, ctx: CommandContext): Promise<StrategyAfter> {
  const { strategyId = randomUUID(), ...fields } = input;
  const data = { strategyId, ...fields, tokenSymbols: [...fields.tokenSymbols] };
  const { newState, position } = await strategyAggregate.handle(deps, strategyId, { type: 'CreateStrategyGroup', data, metadata: commandMetadata(ctx) }, ctx, {
    beforeAppend: () => claimAll(deps, { strategyId, newName: fields.name, symbols: fields.tokenSymbols }, ctx),
  });
  return strategyAfter(newState, position);
}

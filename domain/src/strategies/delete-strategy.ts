import type { Position } from '@concierge/platform/event-store/position';
import type { AggregateDeps } from '../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../shared/command-context.js';
import { strategyAggregate } from './decide.js';
import { issuedStrategyId } from './strategy-after.js';
import { releaseName, releaseToken } from './strategy-claims.js';

/**
 * DELETE /strategies/:id: the group goes, then its name and symbols are free for others (let go
 * again on a repeated delete, in case the first stopped before letting them go).
 */
export async function deleteStrategy(deps: AggregateDeps, input: { readonly strategyId: string }, ctx: CommandContext): Promise<Position | null> {
  const strategyId = issuedStrategyId(input.strategyId);
  const { decidedOn, position } = await strategyAggregate.handle(deps, strategyId, { type: 'DeleteStrategyGroup', data: { strategyId }, metadata: commandMetadata(ctx) }, ctx);
  if (decidedOn.status !== 'none') {
    await releaseName(deps, strategyId, decidedOn.name, ctx);
    for (const symbol of decidedOn.tokenSymbols) await releaseToken(deps, strategyId, symbol, ctx);
  }
  return position;
}

import type { AggregateDeps } from '../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../shared/command-context.js';
import { strategyAggregate } from './decide.js';
import type { StrategyFields, StrategyState } from './strategy.js';
import { issuedStrategyId, strategyAfter, type StrategyAfter } from './strategy-after.js';
import { claimAll, releaseName, releaseToken, sameName } from './strategy-claims.js';

/** What an edit changes in the group's claims: a new name (not merely recased) and the symbols added and dropped. */
function claimChanges(state: StrategyState, fields: StrategyFields) {
  if (state.status !== 'live') return { oldName: undefined, added: [], dropped: [] };
  return {
    oldName: sameName(state.name, fields.name) ? undefined : state.name,
    added: fields.tokenSymbols.filter((symbol) => !state.tokenSymbols.includes(symbol)),
    dropped: state.tokenSymbols.filter((symbol) => !fields.tokenSymbols.includes(symbol)),
  };
}

/** PUT /strategies/:id: new claims before the group's change is appended, then the claims it no longer needs let go. */
export async function updateStrategy(deps: AggregateDeps, input: StrategyFields & { readonly strategyId: string }, ctx: CommandContext): Promise<StrategyAfter> {
  const { strategyId: id, ...fields } = input;
  const strategyId = issuedStrategyId(id);
  const data = { strategyId, ...fields, tokenSymbols: [...fields.tokenSymbols] };
  const { decidedOn, events, newState, position } = await strategyAggregate.handle(deps, strategyId, { type: 'UpdateStrategyGroup', data, metadata: commandMetadata(ctx) }, ctx, {
    beforeAppend: async (_events, state) => {
      const { oldName, added } = claimChanges(state, fields);
      await claimAll(deps, { strategyId, newName: oldName === undefined ? null : fields.name, symbols: added }, ctx);
    },
  });
  if (events.length > 0) {
    const { oldName, dropped } = claimChanges(decidedOn, fields);
    if (oldName !== undefined) await releaseName(deps, strategyId, oldName, ctx);
    for (const symbol of dropped) await releaseToken(deps, strategyId, symbol, ctx);
  }
  return strategyAfter(newState, position);
}

import { ConflictError } from '@concierge/platform/errors';
import type { AggregateDeps } from '../shared/aggregate.js';
import { caseInsensitiveKey, claimInProgress, claimValue, releaseValue, type ClaimHolder } from '../shared/claims.js';
import type { CommandContext } from '../shared/command-context.js';
import { strategyAggregate } from './decide.js';
import { strategyNameStreamId, strategyTokenStreamId, type StrategyFields } from './strategy.js';

export const strategyNameTakenMessage = (name: string) => `A strategy group named ${name} already exists. Choose another name.`;
/** "USDC already belongs to the strategy group Stablecoins: remove it there first." */
export const tokenTakenMessage = (symbol: string, groupName: string) =>
  `${symbol} already belongs to the strategy group ${groupName}: a token can be in one group only, so remove it there first.`;

const displayed = (group: StrategyFields) => group.displayName || group.name;

/** Whether two names are the same name ignoring case, so one claim covers both. */
export const sameName = (a: string, b: string): boolean => caseInsensitiveKey(a) === caseInsensitiveKey(b);

/**
 * The claims a group's fields need: its name (ignoring case) and each token symbol. A claim whose
 * group never came (the write stopped after claiming) passes on after `CLAIM_IN_PROGRESS_MS`.
 */
function claimsOf(deps: AggregateDeps, strategyId: string, ctx: CommandContext) {
  const holderState = (holder: ClaimHolder) => strategyAggregate.load(deps, holder.ownerId);
  return {
    async name(name: string): Promise<void> {
      const key = caseInsensitiveKey(name);
      const holds = async (holder: ClaimHolder) => {
        const group = await holderState(holder);
        if (group.status === 'none') return claimInProgress(holder, ctx.now);
        return group.status === 'live' && caseInsensitiveKey(group.name) === key;
      };
      const refuse = (holder: ClaimHolder) => new ConflictError(strategyNameTakenMessage(holder.value));
      await claimValue(deps, { streamId: strategyNameStreamId(key), value: name, ownerId: strategyId }, { holds, refuse }, ctx);
    },
    async token(symbol: string): Promise<void> {
      let holderName = '';
      const holds = async (holder: ClaimHolder) => {
        const group = await holderState(holder);
        if (group.status === 'none') {
          holderName = 'being created';
          return claimInProgress(holder, ctx.now);
        }
        holderName = displayed(group);
        return group.status === 'live' && group.tokenSymbols.includes(symbol);
      };
      const refuse = () => new ConflictError(tokenTakenMessage(symbol, holderName), { tokenSymbol: symbol });
      await claimValue(deps, { streamId: strategyTokenStreamId(symbol), value: symbol, ownerId: strategyId }, { holds, refuse }, ctx);
    },
  };
}

/** Lets a group's name go. */
export const releaseName = (deps: AggregateDeps, strategyId: string, name: string, ctx: CommandContext) =>
  releaseValue(deps, { streamId: strategyNameStreamId(caseInsensitiveKey(name)), value: name, ownerId: strategyId }, ctx);

/** Lets a token symbol a group listed go. */
export const releaseToken = (deps: AggregateDeps, strategyId: string, symbol: string, ctx: CommandContext) =>
  releaseValue(deps, { streamId: strategyTokenStreamId(symbol), value: symbol, ownerId: strategyId }, ctx);

/**
 * Claims the name (when `newName`) and each symbol, in order; when one is refused, lets go of the
 * ones this call took, so a refused save leaves nothing behind.
 */
export async function claimAll(
  deps: AggregateDeps,
  claims: { readonly strategyId: string; readonly newName: string | null; readonly symbols: readonly string[] },
  ctx: CommandContext,
): Promise<void> {
  const { strategyId, newName } = claims;
  const claim = claimsOf(deps, strategyId, ctx);
  const taken: (() => Promise<unknown>)[] = [];
  try {
    if (newName !== null) {
      await claim.name(newName);
      taken.push(() => releaseName(deps, strategyId, newName, ctx));
    }
    for (const symbol of [...claims.symbols].sort()) {
      await claim.token(symbol);
      taken.push(() => releaseToken(deps, strategyId, symbol, ctx));
    }
  } catch (error) {
    for (const release of taken) await release();
    throw error;
  }
}

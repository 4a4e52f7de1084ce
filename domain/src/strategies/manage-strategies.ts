import { randomUUID } from 'node:crypto';
import type { StrategyGroupCommand } from '@concierge/contracts';
import { ConflictError, NotFoundError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import { handleCommand, loadState } from '../shared/aggregate.js';
import { caseInsensitiveKey, claimInProgress, claimValue, releaseValue, type ClaimHolder } from '../shared/claims.js';
import { commandMetadata, type CommandContext } from '../shared/command-context.js';
import { strategyAggregate, STRATEGY_NOT_FOUND_MESSAGE } from './decide.js';
import {
  SEED_STRATEGY_GROUPS,
  strategyNameStreamId,
  strategyStreamId,
  strategyTokenStreamId,
  type StrategyFields,
  type StrategyGroup,
  type StrategyState,
} from './strategy.js';

export interface StrategiesDeps {
  readonly eventStore: EventStore;
}

export interface StrategyAfter {
  readonly strategy: StrategyGroup;
  readonly position: Position | null;
}

export const strategyNameTakenMessage = (name: string) => `A strategy group named ${name} already exists. Choose another name.`;
/** "USDC already belongs to the strategy group Stablecoins: remove it there first." */
export const tokenTakenMessage = (symbol: string, groupName: string) =>
  `${symbol} already belongs to the strategy group ${groupName}: a token can be in one group only, so remove it there first.`;

function strategyIdOf(id: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new NotFoundError(STRATEGY_NOT_FOUND_MESSAGE);
  return id;
}

export async function loadStrategy(store: EventStore, strategyId: string): Promise<StrategyState> {
  return (await loadState(store, strategyStreamId(strategyId), strategyAggregate)).state;
}

const displayed = (group: StrategyFields) => group.displayName || group.name;

/**
 * The claims a group's fields need: its name (ignoring case) and each token symbol. A claim whose
 * group never came (the write stopped after claiming) passes on after `CLAIM_IN_PROGRESS_MS`.
 */
function claimsOf(store: EventStore, strategyId: string, ctx: CommandContext) {
  const holderState = (holder: ClaimHolder) => loadStrategy(store, holder.ownerId);
  return {
    async name(name: string): Promise<void> {
      const key = caseInsensitiveKey(name);
      const holds = async (holder: ClaimHolder) => {
        const group = await holderState(holder);
        if (group.status === 'none') return claimInProgress(holder, ctx.now);
        return group.status === 'live' && caseInsensitiveKey(group.name) === key;
      };
      await claimValue(store, strategyNameStreamId(key), { value: name, ownerId: strategyId }, { holds, refuse: (h) => new ConflictError(strategyNameTakenMessage(h.value)) }, ctx);
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
      await claimValue(store, strategyTokenStreamId(symbol), { value: symbol, ownerId: strategyId }, { holds, refuse }, ctx);
    },
  };
}

/**
 * Claims the name (when `newName`) and each symbol, in order; when one is refused, lets go of the
 * ones this call took, so a refused save leaves nothing behind.
 */
async function claimAll(store: EventStore, strategyId: string, newName: string | null, symbols: readonly string[], ctx: CommandContext): Promise<void> {
  const claims = claimsOf(store, strategyId, ctx);
  const taken: (() => Promise<unknown>)[] = [];
  try {
    if (newName !== null) {
      await claims.name(newName);
      const key = caseInsensitiveKey(newName);
      taken.push(() => releaseValue(store, strategyNameStreamId(key), newName, strategyId, ctx));
    }
    for (const symbol of [...symbols].sort()) {
      await claims.token(symbol);
      taken.push(() => releaseValue(store, strategyTokenStreamId(symbol), symbol, strategyId, ctx));
    }
  } catch (error) {
    for (const release of taken) await release();
    throw error;
  }
}

async function decideOnGroup(store: EventStore, command: StrategyGroupCommand, ctx: CommandContext) {
  return handleCommand(store, strategyStreamId(command.data.strategyId), strategyAggregate, command, ctx);
}

function afterCommand(state: StrategyState, position: Position | null): StrategyAfter {
  if (state.status === 'none') throw new NotFoundError(STRATEGY_NOT_FOUND_MESSAGE);
  return { strategy: state, position };
}

/** POST /strategies */
export async function createStrategy(deps: StrategiesDeps, fields: StrategyFields, ctx: CommandContext, strategyId: string = randomUUID()): Promise<StrategyAfter> {
  await claimAll(deps.eventStore, strategyId, fields.name, fields.tokenSymbols, ctx);
  const data = { strategyId, ...fields, tokenSymbols: [...fields.tokenSymbols] };
  const { newState, position } = await decideOnGroup(deps.eventStore, { type: 'CreateStrategyGroup', data, metadata: commandMetadata(ctx) }, ctx);
  return afterCommand(newState, position);
}

/** PUT /strategies/:id: new claims first, the group's change, then the claims it no longer needs let go. */
export async function updateStrategy(deps: StrategiesDeps, id: string, fields: StrategyFields, ctx: CommandContext): Promise<StrategyAfter> {
  const strategyId = strategyIdOf(id);
  const store = deps.eventStore;
  const before = await loadStrategy(store, strategyId);
  if (before.status !== 'live') throw new NotFoundError(STRATEGY_NOT_FOUND_MESSAGE);
  const renamed = caseInsensitiveKey(before.name) !== caseInsensitiveKey(fields.name);
  const added = fields.tokenSymbols.filter((symbol) => !before.tokenSymbols.includes(symbol));
  await claimAll(store, strategyId, renamed ? fields.name : null, added, ctx);
  const data = { strategyId, ...fields, tokenSymbols: [...fields.tokenSymbols] };
  const { newState, position } = await decideOnGroup(store, { type: 'UpdateStrategyGroup', data, metadata: commandMetadata(ctx) }, ctx);
  if (renamed) await releaseValue(store, strategyNameStreamId(caseInsensitiveKey(before.name)), before.name, strategyId, ctx);
  for (const symbol of before.tokenSymbols.filter((s) => !fields.tokenSymbols.includes(s))) {
    await releaseValue(store, strategyTokenStreamId(symbol), symbol, strategyId, ctx);
  }
  return afterCommand(newState, position);
}

/** DELETE /strategies/:id: the group goes, then its name and symbols are free for others. */
export async function deleteStrategy(deps: StrategiesDeps, id: string, ctx: CommandContext): Promise<Position | null> {
  const strategyId = strategyIdOf(id);
  const store = deps.eventStore;
  const before = await loadStrategy(store, strategyId);
  if (before.status === 'none') throw new NotFoundError(STRATEGY_NOT_FOUND_MESSAGE);
  const { position } = await decideOnGroup(store, { type: 'DeleteStrategyGroup', data: { strategyId }, metadata: commandMetadata(ctx) }, ctx);
  await releaseValue(store, strategyNameStreamId(caseInsensitiveKey(before.name)), before.name, strategyId, ctx);
  for (const symbol of before.tokenSymbols) await releaseValue(store, strategyTokenStreamId(symbol), symbol, strategyId, ctx);
  return position;
}

/** What the start-up did with each seed group: made it, found it (maybe edited or deleted by an admin), or could not (its name or a symbol is taken). */
export type SeedOutcome = { readonly strategyId: string; readonly outcome: 'created' | 'present' | 'refused'; readonly reason?: string };

/** At every start: the seed groups exist, made once; an admin's later edits and deletions are kept. */
export async function ensureSeedStrategies(deps: StrategiesDeps, ctx: CommandContext): Promise<SeedOutcome[]> {
  const outcomes: SeedOutcome[] = [];
  for (const { strategyId, ...fields } of SEED_STRATEGY_GROUPS) {
    const state = await loadStrategy(deps.eventStore, strategyId);
    if (state.status !== 'none') {
      outcomes.push({ strategyId, outcome: 'present' });
      continue;
    }
    try {
      await createStrategy(deps, fields, ctx, strategyId);
      outcomes.push({ strategyId, outcome: 'created' });
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      outcomes.push({ strategyId, outcome: 'refused', reason: error.message });
    }
  }
  return outcomes;
}

import { createHash } from 'node:crypto';
import type { ClaimUniqueValue, uniqueValueEvents, UniqueValueCommand } from '@concierge/contracts';
import type { Position } from '@concierge/platform/event-store/position';
import { defineAggregate, type AggregateDeps } from './aggregate.js';
import { commandMetadata, type CommandContext } from './command-context.js';
import type { EventOf } from './event-union.js';

/**
 * A value one owner holds at a time and may let go (a plan's name, a token symbol listed by one
 * strategy group): the stream of the value decides, so however many writers race for it, one wins.
 */
export type ClaimEvent = EventOf<keyof typeof uniqueValueEvents>;

export interface ClaimHolder {
  readonly ownerId: string;
  readonly value: string;
  readonly claimedAt: string;
}

export interface ClaimState {
  readonly holder: ClaimHolder | null;
}

/** Thrown by the decider when someone else holds the value; the use case words the 409. */
export class ClaimHeldError extends Error {
  constructor(readonly holder: ClaimHolder) {
    super(`Held by ${holder.ownerId}`);
    this.name = 'ClaimHeldError';
  }
}

export function evolveClaim(state: ClaimState, event: ClaimEvent): ClaimState {
  switch (event.type) {
    case 'UniqueValueClaimed':
      return { holder: { ownerId: event.data.ownerId, value: event.data.value, claimedAt: event.data.claimedAt } };
    case 'UniqueValueReleased':
      return state.holder?.ownerId === event.data.ownerId ? { holder: null } : state;
  }
}

export function decideClaim(command: UniqueValueCommand, state: ClaimState): ClaimEvent[] {
  const { holder } = state;
  const at = command.metadata.now;
  if (command.type === 'ReleaseUniqueValue') {
    const { value, ownerId } = command.data;
    return holder?.ownerId === ownerId ? [{ type: 'UniqueValueReleased', data: { value, ownerId, releasedAt: at } }] : [];
  }
  const { value, ownerId, takeOverFrom } = command.data;
  const claimed: ClaimEvent = { type: 'UniqueValueClaimed', data: { value, ownerId, claimedAt: at } };
  if (holder === null) return [claimed];
  if (holder.ownerId === ownerId) return holder.value === value ? [] : [claimed];
  if (holder.ownerId !== takeOverFrom) throw new ClaimHeldError(holder);
  return [{ type: 'UniqueValueReleased', data: { value: holder.value, ownerId: holder.ownerId, releasedAt: at } }, claimed];
}

/**
 * One aggregate for every claimed value (plan names, token symbols), named by its whole stream id:
 * the cache keys it by stream. Bump the snapshot version whenever `evolveClaim` or `ClaimState` changes.
 */
export const claimAggregate = defineAggregate<ClaimState, ClaimEvent, UniqueValueCommand>({
  streamOf: (streamId) => streamId,
  initialState: { holder: null },
  evolve: evolveClaim,
  decide: decideClaim,
  snapshot: { name: 'claim', version: 1 },
});

/** A value to claim or let go, in the stream that holds its claim. */
export interface ClaimedValue {
  readonly streamId: string;
  readonly value: string;
  readonly ownerId: string;
}

/** The key of a name that must be unique ignoring case (and Unicode spelling variants): sha256 hex, safe in a stream id. */
export function caseInsensitiveKey(name: string): string {
  const normal = name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
  return createHash('sha256').update(normal).digest('hex');
}

/**
 * Claims `value` in `streamId` for `ownerId`. A holder is asked about on the state each attempt
 * decides on: when `holds(holder)` says it no longer holds the value (deleted, renamed, or a claim
 * left by a write that stopped half-way), the claim passes to `ownerId`; otherwise `refuse(holder)` is thrown.
 */
export async function claimValue(
  deps: AggregateDeps,
  claim: ClaimedValue,
  checks: { holds: (holder: ClaimHolder) => Promise<boolean>; refuse: (holder: ClaimHolder) => Error },
  ctx: CommandContext,
): Promise<Position | null> {
  const { streamId, value, ownerId } = claim;
  try {
    const decision = await claimAggregate.handle(
      deps,
      streamId,
      async (state): Promise<ClaimUniqueValue> => {
        const holder = state.holder;
        let takeOverFrom: string | null = null;
        if (holder !== null && holder.ownerId !== ownerId) {
          if (await checks.holds(holder)) throw checks.refuse(holder);
          takeOverFrom = holder.ownerId;
        }
        return { type: 'ClaimUniqueValue', data: { value, ownerId, takeOverFrom }, metadata: commandMetadata(ctx) };
      },
      ctx,
    );
    return decision.position;
  } catch (error) {
    // The decider's own refusal names the holder: worded as the caller's refusal too.
    if (error instanceof ClaimHeldError) throw checks.refuse(error.holder);
    throw error;
  }
}

/** Lets the value go if its owner holds it. */
export async function releaseValue(deps: AggregateDeps, claim: ClaimedValue, ctx: CommandContext): Promise<Position | null> {
  const command = { type: 'ReleaseUniqueValue' as const, data: { value: claim.value, ownerId: claim.ownerId }, metadata: commandMetadata(ctx) };
  return (await claimAggregate.handle(deps, claim.streamId, command, ctx)).position;
}

/**
 * A claim whose owner's stream does not exist yet may belong to a write in progress (claim first,
 * then the owner's first event): it is honoured this long before it counts as left behind.
 */
export const CLAIM_IN_PROGRESS_MS = 30_000;

export const claimInProgress = (holder: ClaimHolder, now: Date): boolean => now.getTime() - Date.parse(holder.claimedAt) < CLAIM_IN_PROGRESS_MS;

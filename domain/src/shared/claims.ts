import { createHash } from 'node:crypto';
import type { ClaimUniqueValue, UniqueValueClaimed, UniqueValueCommand, UniqueValueReleased } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import { handleCommand, loadState, type Aggregate } from './aggregate.js';
import { commandMetadata, type CommandContext } from './command-context.js';

/**
 * A value one owner holds at a time and may let go (a plan's name, a token symbol listed by one
 * strategy group): the stream of the value decides, so however many writers race for it, one wins.
 */
export type ClaimEvent = { type: 'UniqueValueClaimed'; data: UniqueValueClaimed } | { type: 'UniqueValueReleased'; data: UniqueValueReleased };

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
 * One aggregate for every claimed value (plan names, token symbols): the cache keys it by stream.
 * Snapshots are versioned by `evolveClaim`'s fold: bump `snapshotVersion` whenever it or `ClaimState` changes.
 */
export const claimAggregate: Aggregate<ClaimState, ClaimEvent, UniqueValueCommand> = {
  initialState: { holder: null },
  evolve: evolveClaim,
  decide: decideClaim,
  name: 'claim',
  snapshotVersion: 1,
};

/** The key of a name that must be unique ignoring case (and Unicode spelling variants): sha256 hex, safe in a stream id. */
export function caseInsensitiveKey(name: string): string {
  const normal = name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
  return createHash('sha256').update(normal).digest('hex');
}

/**
 * Claims `value` in `streamId` for `ownerId`. A holder is asked about once: when `holds(holder)`
 * says it no longer holds the value (deleted, renamed, or a claim left by a write that stopped
 * half-way), the claim passes to `ownerId`; otherwise `refuse(holder)` is thrown.
 */
export async function claimValue(
  store: EventStore,
  streamId: string,
  claim: { readonly value: string; readonly ownerId: string },
  checks: { holds: (holder: ClaimHolder) => Promise<boolean>; refuse: (holder: ClaimHolder) => Error },
  ctx: CommandContext,
): Promise<Position | null> {
  const { state } = await loadState(store, streamId, claimAggregate);
  let takeOverFrom: string | null = null;
  const holder = state.holder;
  if (holder !== null && holder.ownerId !== claim.ownerId) {
    if (await checks.holds(holder)) throw checks.refuse(holder);
    takeOverFrom = holder.ownerId;
  }
  try {
    const command: ClaimUniqueValue = { type: 'ClaimUniqueValue', data: { ...claim, takeOverFrom }, metadata: commandMetadata(ctx) };
    return (await handleCommand(store, streamId, claimAggregate, command, ctx)).position;
  } catch (error) {
    // Someone else claimed it between the check and the append: they hold it now.
    if (error instanceof ClaimHeldError) throw checks.refuse(error.holder);
    throw error;
  }
}

/** Lets `value` go if `ownerId` holds it. */
export async function releaseValue(store: EventStore, streamId: string, value: string, ownerId: string, ctx: CommandContext): Promise<Position | null> {
  const command = { type: 'ReleaseUniqueValue' as const, data: { value, ownerId }, metadata: commandMetadata(ctx) };
  return (await handleCommand(store, streamId, claimAggregate, command, ctx)).position;
}

/**
 * A claim whose owner's stream does not exist yet may belong to a write in progress (claim first,
 * then the owner's first event): it is honoured this long before it counts as left behind.
 */
export const CLAIM_IN_PROGRESS_MS = 30_000;

export const claimInProgress = (holder: ClaimHolder, now: Date): boolean => now.getTime() - Date.parse(holder.claimedAt) < CLAIM_IN_PROGRESS_MS;

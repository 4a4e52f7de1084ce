import { z } from 'zod';
import { defineCommand } from './command.js';
import { EntityId, Instant } from './fields.js';

/**
 * Streams that hold one value for one owner at a time, and let it go again: a plan's name
 * (`planName-<key>`), a strategy group's name (`strategyName-<key>`), a token symbol listed by a
 * strategy group (`strategyToken-<SYMBOL>`). Unlike a reservation (held for ever), a claim is
 * released when its owner renames, drops the value or is deleted.
 */
export const UniqueValueClaimed = z.object({
  /** The value as its owner spells it (the stream id holds the normalised key). */
  value: z.string().min(1),
  ownerId: EntityId,
  claimedAt: Instant,
});
export const UniqueValueReleased = z.object({ value: z.string().min(1), ownerId: EntityId, releasedAt: Instant });

export const uniqueValueEvents = { UniqueValueClaimed, UniqueValueReleased } as const;

export type UniqueValueClaimed = z.infer<typeof UniqueValueClaimed>;
export type UniqueValueReleased = z.infer<typeof UniqueValueReleased>;

/**
 * Claim `value` for `ownerId`. `takeOverFrom` names a holder the use case found not to hold the
 * value any more (deleted, renamed, or a claim left behind by a write that stopped half-way): the
 * claim passes from it; any other holder refuses it.
 */
export const ClaimUniqueValue = defineCommand('ClaimUniqueValue', { value: z.string().min(1), ownerId: EntityId, takeOverFrom: EntityId.nullable() });
/** Let the value go; a no-op unless `ownerId` holds it. */
export const ReleaseUniqueValue = defineCommand('ReleaseUniqueValue', { value: z.string().min(1), ownerId: EntityId });

export const uniqueValueCommands = { ClaimUniqueValue, ReleaseUniqueValue } as const;
export type ClaimUniqueValue = z.infer<typeof ClaimUniqueValue>;
export type ReleaseUniqueValue = z.infer<typeof ReleaseUniqueValue>;
export type UniqueValueCommand = ClaimUniqueValue | ReleaseUniqueValue;

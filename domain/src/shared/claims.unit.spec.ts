import { describe, expect, it } from 'vitest';
import type { CommandMetadata, UniqueValueCommand } from '@concierge/contracts';
import { caseInsensitiveKey, claimAggregate, ClaimHeldError } from './claims.js';
import { DeciderSpecification } from './testing/decider-specification.js';

const NOW = '2026-11-24T12:00:00.000Z';
const metadata: CommandMetadata = { actor: { type: 'system' }, now: NOW, correlationId: 'c', commandId: 'c' };
const claim = (ownerId: string, value = 'Gold', takeOverFrom: string | null = null): UniqueValueCommand => ({ type: 'ClaimUniqueValue', data: { value, ownerId, takeOverFrom }, metadata });
const release = (ownerId: string, value = 'Gold'): UniqueValueCommand => ({ type: 'ReleaseUniqueValue', data: { value, ownerId }, metadata });

const spec = DeciderSpecification.for(claimAggregate);

describe('a claim on a unique value', () => {
  it('goes to the first owner, again to them as a no-op, and to nobody else', () => {
    spec.given().when(claim('a')).then([{ type: 'UniqueValueClaimed', data: { value: 'Gold', ownerId: 'a', claimedAt: NOW } }]);
    spec.givenCommands(claim('a')).when(claim('a')).thenNothingHappens();
    spec.givenCommands(claim('a')).when(claim('b')).thenThrows(ClaimHeldError);
  });
  it('records a new spelling by the same owner', () => {
    spec.givenCommands(claim('a')).when(claim('a', 'GOLD')).then([{ type: 'UniqueValueClaimed', data: { value: 'GOLD', ownerId: 'a', claimedAt: NOW } }]);
  });
  it('passes from a holder found stale, and only from that one', () => {
    spec.givenCommands(claim('a')).when(claim('b', 'Gold', 'a')).then([
      { type: 'UniqueValueReleased', data: { value: 'Gold', ownerId: 'a', releasedAt: NOW } },
      { type: 'UniqueValueClaimed', data: { value: 'Gold', ownerId: 'b', claimedAt: NOW } },
    ]);
    spec.givenCommands(claim('a')).when(claim('b', 'Gold', 'x')).thenThrows(ClaimHeldError);
  });
  it('is free again once its owner lets it go; a release by anyone else does nothing', () => {
    spec.givenCommands(claim('a')).when(release('b')).thenNothingHappens();
    expect(spec.givenCommands(claim('a'), release('a')).state.holder).toBeNull();
    expect(spec.givenCommands(claim('a'), release('a')).when(claim('b')).events).toHaveLength(1);
  });
  it('keys names ignoring case, surrounding and repeated spaces and Unicode spelling variants', () => {
    expect(caseInsensitiveKey(' Gold  Plan ')).toBe(caseInsensitiveKey('gold plan'));
    expect(caseInsensitiveKey('ＧＯＬＤ')).toBe(caseInsensitiveKey('gold'));
    expect(caseInsensitiveKey('Gold')).not.toBe(caseInsensitiveKey('Gold 2'));
    expect(caseInsensitiveKey('Gold')).toMatch(/^[0-9a-f]{64}$/);
  });
});

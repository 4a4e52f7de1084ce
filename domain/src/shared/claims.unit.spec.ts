import { describe, expect, it } from 'vitest';
import type { CommandMetadata, UniqueValueCommand } from '@concierge/contracts';
import { caseInsensitiveKey, ClaimHeldError, decideClaim, evolveClaim, type ClaimEvent, type ClaimState } from './claims.js';

const NOW = '2026-11-24T12:00:00.000Z';
const metadata: CommandMetadata = { actor: { type: 'system' }, now: NOW, correlationId: 'c', commandId: 'c' };
const claim = (ownerId: string, value = 'Gold', takeOverFrom: string | null = null): UniqueValueCommand => ({ type: 'ClaimUniqueValue', data: { value, ownerId, takeOverFrom }, metadata });
const release = (ownerId: string, value = 'Gold'): UniqueValueCommand => ({ type: 'ReleaseUniqueValue', data: { value, ownerId }, metadata });

function stateAfter(...commands: UniqueValueCommand[]): ClaimState {
  let state: ClaimState = { holder: null };
  for (const command of commands) state = decideClaim(command, state).reduce<ClaimState>((s, e: ClaimEvent) => evolveClaim(s, e), state);
  return state;
}

describe('a claim on a unique value', () => {
  it('goes to the first owner, again to them as a no-op, and to nobody else', () => {
    expect(decideClaim(claim('a'), stateAfter())).toEqual([{ type: 'UniqueValueClaimed', data: { value: 'Gold', ownerId: 'a', claimedAt: NOW } }]);
    expect(decideClaim(claim('a'), stateAfter(claim('a')))).toEqual([]);
    expect(() => decideClaim(claim('b'), stateAfter(claim('a')))).toThrow(ClaimHeldError);
  });
  it('records a new spelling by the same owner', () => {
    expect(decideClaim(claim('a', 'GOLD'), stateAfter(claim('a')))).toEqual([{ type: 'UniqueValueClaimed', data: { value: 'GOLD', ownerId: 'a', claimedAt: NOW } }]);
  });
  it('passes from a holder found stale, and only from that one', () => {
    expect(decideClaim(claim('b', 'Gold', 'a'), stateAfter(claim('a')))).toEqual([
      { type: 'UniqueValueReleased', data: { value: 'Gold', ownerId: 'a', releasedAt: NOW } },
      { type: 'UniqueValueClaimed', data: { value: 'Gold', ownerId: 'b', claimedAt: NOW } },
    ]);
    expect(() => decideClaim(claim('b', 'Gold', 'x'), stateAfter(claim('a')))).toThrow(ClaimHeldError);
  });
  it('is free again once its owner lets it go; a release by anyone else does nothing', () => {
    expect(decideClaim(release('b'), stateAfter(claim('a')))).toEqual([]);
    expect(stateAfter(claim('a'), release('a')).holder).toBeNull();
    expect(decideClaim(claim('b'), stateAfter(claim('a'), release('a')))).toHaveLength(1);
  });
  it('keys names ignoring case, surrounding and repeated spaces and Unicode spelling variants', () => {
    expect(caseInsensitiveKey(' Gold  Plan ')).toBe(caseInsensitiveKey('gold plan'));
    expect(caseInsensitiveKey('ＧＯＬＤ')).toBe(caseInsensitiveKey('gold'));
    expect(caseInsensitiveKey('Gold')).not.toBe(caseInsensitiveKey('Gold 2'));
    expect(caseInsensitiveKey('Gold')).toMatch(/^[0-9a-f]{64}$/);
  });
});

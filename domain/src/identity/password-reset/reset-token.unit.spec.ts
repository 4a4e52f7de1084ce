import { describe, expect, it } from 'vitest';
import type { CommandMetadata, PasswordResetTokenCommand } from '@concierge/contracts';
import { ValidationError } from '@concierge/platform/errors';
import { DeciderSpecification } from '../../shared/testing/decider-specification.js';
import { INVALID_RESET_LINK_MESSAGE, isUsable, resetTokenAggregate } from './reset-token.js';

const secretId = 'secret-1';
const issuedAt = new Date('2026-11-22T10:00:00.000Z');
const expiresAt = new Date('2026-11-22T11:00:00.000Z');
const spec = DeciderSpecification.for(resetTokenAggregate);
const at = (now: Date): CommandMetadata => ({ actor: { type: 'system', reason: 'forgot-password' }, now: now.toISOString(), correlationId: 'c', commandId: 'c' });
const issue: PasswordResetTokenCommand = { type: 'IssuePasswordResetToken', data: { userId: 'u-1', secretId, expiresAt: expiresAt.toISOString() }, metadata: at(issuedAt) };
const use = (usedAt: Date): PasswordResetTokenCommand => ({ type: 'UsePasswordResetToken', data: {}, metadata: at(usedAt) });
const issued = spec.given().when(issue).events;

describe('password reset tokens', () => {
  it('are issued naming the secret by its id (no hash in the event) and an expiry', () => {
    expect(issued).toEqual([
      { type: 'PasswordResetTokenIssued', data: { userId: 'u-1', secretId, issuedAt: issuedAt.toISOString(), expiresAt: expiresAt.toISOString() } },
    ]);
    expect(isUsable(spec.given(issued).state, new Date('2026-11-22T10:59:59.999Z'))).toBe(true);
  });

  it('can be used once, before they expire', () => {
    const usedAt = new Date('2026-11-22T10:30:00.000Z');
    const used = spec.given(issued).when(use(usedAt)).events;
    expect(used).toEqual([{ type: 'PasswordResetTokenUsed', data: { userId: 'u-1', usedAt: usedAt.toISOString() } }]);
    expect(isUsable(spec.given([...issued, ...used]).state, usedAt)).toBe(false);
    spec.given([...issued, ...used]).when(use(usedAt)).thenThrows(INVALID_RESET_LINK_MESSAGE);
  });

  it('are refused once expired, or when never issued', () => {
    expect(isUsable(spec.given(issued).state, expiresAt)).toBe(false);
    spec.given(issued).when(use(expiresAt)).thenThrows(ValidationError);
    spec.given().when(use(issuedAt)).thenThrows(INVALID_RESET_LINK_MESSAGE);
  });
});

import { describe, expect, it } from 'vitest';
import type { CommandMetadata, PasswordResetTokenCommand } from '@concierge/contracts';
import { ValidationError } from '@concierge/platform/errors';
import { decideResetToken, evolveResetToken, initialResetTokenState, INVALID_RESET_LINK_MESSAGE, isUsable, type ResetTokenEvent } from './reset-token.js';

const secretId = 'secret-1';
const issuedAt = new Date('2026-11-22T10:00:00.000Z');
const expiresAt = new Date('2026-11-22T11:00:00.000Z');
const given = (events: ResetTokenEvent[]) => events.reduce(evolveResetToken, initialResetTokenState);
const at = (now: Date): CommandMetadata => ({ actor: { type: 'system', reason: 'forgot-password' }, now: now.toISOString(), correlationId: 'c', commandId: 'c' });
const issue: PasswordResetTokenCommand = { type: 'IssuePasswordResetToken', data: { userId: 'u-1', secretId, expiresAt: expiresAt.toISOString() }, metadata: at(issuedAt) };
const use = (usedAt: Date): PasswordResetTokenCommand => ({ type: 'UsePasswordResetToken', data: {}, metadata: at(usedAt) });
const issued = decideResetToken(issue, initialResetTokenState);

describe('password reset tokens', () => {
  it('are issued naming the secret by its id (no hash in the event) and an expiry', () => {
    expect(issued).toEqual([
      { type: 'PasswordResetTokenIssued', data: { userId: 'u-1', secretId, issuedAt: issuedAt.toISOString(), expiresAt: expiresAt.toISOString() } },
    ]);
    expect(isUsable(given(issued), new Date('2026-11-22T10:59:59.999Z'))).toBe(true);
  });

  it('can be used once, before they expire', () => {
    const usedAt = new Date('2026-11-22T10:30:00.000Z');
    const used = decideResetToken(use(usedAt), given(issued));
    expect(used).toEqual([{ type: 'PasswordResetTokenUsed', data: { userId: 'u-1', usedAt: usedAt.toISOString() } }]);
    expect(isUsable(given([...issued, ...used]), usedAt)).toBe(false);
    expect(() => decideResetToken(use(usedAt), given([...issued, ...used]))).toThrow(INVALID_RESET_LINK_MESSAGE);
  });

  it('are refused once expired, or when never issued', () => {
    expect(isUsable(given(issued), expiresAt)).toBe(false);
    expect(() => decideResetToken(use(expiresAt), given(issued))).toThrow(ValidationError);
    expect(() => decideResetToken(use(issuedAt), initialResetTokenState)).toThrow(INVALID_RESET_LINK_MESSAGE);
  });
});

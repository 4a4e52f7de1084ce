import { describe, expect, it } from 'vitest';
import type { CommandMetadata, UserStanding } from '@concierge/contracts';
import { UnauthorizedError } from '@concierge/platform/errors';
import { DeciderSpecification } from '../../shared/testing/decider-specification.js';
import { INVALID_REFRESH_MESSAGE, SESSION_ENDED_MESSAGE, SESSION_EXPIRED_MESSAGE, sessionAggregate, type SessionCommand } from './decide.js';
import { SPENT_HASHES_KEPT, type SessionEvent } from './session.js';

const hash = (c: string) => c.repeat(64);
const issuedAt = new Date('2026-11-22T10:00:00.000Z');
const later = new Date('2026-11-22T11:00:00.000Z');
const approved: UserStanding = { status: 'approved', credentialsChangedAt: null, sessionsValidAfter: null };
const at = (now: Date): CommandMetadata => ({ actor: { type: 'user', userId: 'u-1', role: 'user' }, now: now.toISOString(), correlationId: 'c', commandId: 'c' });

const spec = DeciderSpecification.for(sessionAggregate);
const issued = spec.given().when({
    type: 'IssueRefreshSession',
    data: { sessionId: 's-1', userId: 'u-1', secretId: hash('a'), rememberMe: true, expiresAt: '2026-12-22T10:00:00.000Z' },
    metadata: at(issuedAt),
  }).events;
const rotate = (presented: string, next: string, standing: UserStanding | undefined = approved, now = later): SessionCommand => ({
  type: 'RotateRefreshSession',
  data: { sessionId: 's-1', presented: presented, secretId: next, standing },
  metadata: at(now),
});
const rotatedOnce = [...issued, ...spec.given(issued).when(rotate(hash('a'), hash('b'))).events];

describe('refresh sessions', () => {
  it('open naming the refresh token by its secret id (its hash is in the credential store)', () => {
    expect(issued).toEqual([
      {
        type: 'RefreshSessionIssued',
        data: {
          sessionId: 's-1',
          userId: 'u-1',
          secretId: hash('a'),
          rememberMe: true,
          issuedAt: issuedAt.toISOString(),
          expiresAt: '2026-12-22T10:00:00.000Z',
        },
      },
    ]);
  });

  it('rotate the current token, keeping the original expiry', () => {
    expect(rotatedOnce.slice(1)).toEqual([
      {
        type: 'RefreshSessionRotated',
        data: { sessionId: 's-1', userId: 'u-1', secretId: hash('b'), expiresAt: '2026-12-22T10:00:00.000Z', rotatedAt: later.toISOString() },
      },
    ]);
    expect(spec.given(rotatedOnce).when(rotate(hash('b'), hash('c'))).events[0]?.type).toBe('RefreshSessionRotated');
  });

  it('end the whole session when a token already exchanged is presented again', () => {
    spec.given(rotatedOnce).when(rotate(hash('a'), hash('c'))).then([
      { type: 'RefreshSessionRevoked', data: { sessionId: 's-1', userId: 'u-1', reason: 'reuse_detected', revokedAt: later.toISOString() } },
    ]);
  });

  it(`remember the newest ${SPENT_HASHES_KEPT} exchanged tokens, however often the session is refreshed`, () => {
    const token = (n: number) => n.toString(16).padStart(64, '0');
    const rotations: SessionEvent[] = Array.from({ length: SPENT_HASHES_KEPT + 10 }, (_, i) => ({
      type: 'RefreshSessionRotated',
      data: { sessionId: 's-1', userId: 'u-1', tokenHash: token(i + 1), expiresAt: '2026-12-22T10:00:00.000Z', rotatedAt: later.toISOString() },
    }));
    const history = [...issued, ...rotations];
    const state = spec.given(history).state;
    expect(state.status === 'active' && state.spent.length).toBe(SPENT_HASHES_KEPT);
    // The oldest token kept still ends the session; the one before it is no longer known.
    expect(spec.given(history).when(rotate(token(10), token(0))).events[0]?.data).toMatchObject({ reason: 'reuse_detected' });
    spec.given(history).when(rotate(token(9), token(0))).thenThrows(INVALID_REFRESH_MESSAGE);
  });

  it('refuse unknown tokens, ended sessions and expired sessions without appending', () => {
    spec.given().when(rotate(hash('a'), hash('b'))).thenThrows(INVALID_REFRESH_MESSAGE);
    spec.given(rotatedOnce).when(rotate(hash('f'), hash('c'))).thenThrows(INVALID_REFRESH_MESSAGE);
    const revoked = [...rotatedOnce, ...spec.given(rotatedOnce).when(rotate(hash('a'), hash('c'))).events];
    spec.given(revoked).when(rotate(hash('b'), hash('c'))).thenThrows(SESSION_ENDED_MESSAGE);
    spec.given(issued).when(rotate(hash('a'), hash('b'), approved, new Date('2026-12-22T10:00:00.000Z'))).thenThrows(UnauthorizedError, SESSION_EXPIRED_MESSAGE);
  });

  it('end when the user is no longer approved or no longer exists', () => {
    const blocked = spec.given(issued).when(rotate(hash('a'), hash('b'), { status: 'suspended', credentialsChangedAt: null, sessionsValidAfter: null })).events;
    expect(blocked[0]?.data).toMatchObject({ reason: 'account_blocked' });
    const gone: SessionCommand = {
      type: 'RotateRefreshSession',
      data: { sessionId: 's-1', presented: hash('a'), secretId: hash('b'), standing: undefined },
      metadata: at(later),
    };
    expect(spec.given(issued).when(gone).events[0]?.data).toMatchObject({ reason: 'account_blocked' });
  });

  it('end when the password changed after the session began, but not for a change before it', () => {
    const changedAfter = spec.given(issued).when(rotate(hash('a'), hash('b'), { status: 'approved', credentialsChangedAt: later.toISOString(), sessionsValidAfter: later.toISOString() })).events;
    expect(changedAfter[0]?.data).toMatchObject({ reason: 'password_changed' });
    const changedBefore = spec.given(issued).when(rotate(hash('a'), hash('b'), { status: 'approved', credentialsChangedAt: '2026-11-01T00:00:00.000Z', sessionsValidAfter: '2026-11-01T00:00:00.000Z' })).events;
    expect(changedBefore[0]?.type).toBe('RefreshSessionRotated');
  });

  it('end when a role change or a sign-out everywhere came after the session began, but not before it', () => {
    const endedAfter = spec.given(issued).when(rotate(hash('a'), hash('b'), { status: 'approved', credentialsChangedAt: null, sessionsValidAfter: later.toISOString() })).events;
    expect(endedAfter[0]?.data).toMatchObject({ reason: 'sessions_ended' });
    const endedBefore = spec.given(issued).when(rotate(hash('a'), hash('b'), { status: 'approved', credentialsChangedAt: null, sessionsValidAfter: '2026-11-01T00:00:00.000Z' })).events;
    expect(endedBefore[0]?.type).toBe('RefreshSessionRotated');
  });

  it('log out with the current or an exchanged token; anything else, or a second logout, changes nothing', () => {
    const logout = (presented: string): SessionCommand => ({
      type: 'RevokeRefreshSession',
      data: { sessionId: 's-1', presented: presented, reason: 'logout' },
      metadata: at(later),
    });
    const ended = spec.given(rotatedOnce).when(logout(hash('b'))).events;
    expect(ended).toEqual([
      { type: 'RefreshSessionRevoked', data: { sessionId: 's-1', userId: 'u-1', reason: 'logout', revokedAt: later.toISOString() } },
    ]);
    expect(spec.given(rotatedOnce).when(logout(hash('a'))).events).toHaveLength(1);
    spec.given(rotatedOnce).when(logout(hash('f'))).thenNothingHappens();
    spec.given([...rotatedOnce, ...ended]).when(logout(hash('b'))).thenNothingHappens();
    spec.given().when(logout(hash('b'))).thenNothingHappens();
  });

  it('still fold and rotate a session begun before the credential store (token hashes in its events)', () => {
    const legacy: SessionEvent[] = [
      { type: 'RefreshSessionIssued', data: { sessionId: 's-1', userId: 'u-1', tokenHash: hash('a'), rememberMe: false, issuedAt: issuedAt.toISOString(), expiresAt: '2026-12-22T10:00:00.000Z' } },
    ];
    expect(spec.given(legacy).state).toMatchObject({ current: { tokenHash: hash('a') }, spent: [] });
    const rotated = spec.given(legacy).when(rotate(hash('a'), 'secret-b')).events;
    expect(spec.given([...legacy, ...rotated]).state).toMatchObject({ current: { secretId: 'secret-b' }, spent: [{ tokenHash: hash('a') }] });
  });
});


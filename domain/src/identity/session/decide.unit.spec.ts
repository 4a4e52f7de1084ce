import { describe, expect, it } from 'vitest';
import type { CommandMetadata, UserStanding } from '@concierge/contracts';
import { UnauthorizedError } from '@concierge/platform/errors';
import { decideSession, INVALID_REFRESH_MESSAGE, SESSION_ENDED_MESSAGE, SESSION_EXPIRED_MESSAGE, type SessionCommand } from './decide.js';
import { evolveSession, initialSessionState, SPENT_HASHES_KEPT, type SessionEvent } from './session.js';

const hash = (c: string) => c.repeat(64);
const issuedAt = new Date('2026-11-22T10:00:00.000Z');
const later = new Date('2026-11-22T11:00:00.000Z');
const approved: UserStanding = { status: 'approved', credentialsChangedAt: null, sessionsValidAfter: null };
const at = (now: Date): CommandMetadata => ({ actor: { type: 'user', userId: 'u-1', role: 'user' }, now: now.toISOString(), correlationId: 'c', commandId: 'c' });

const given = (events: SessionEvent[]) => events.reduce(evolveSession, initialSessionState);
const when = (events: SessionEvent[], command: SessionCommand) => decideSession(command, given(events));
const issued = decideSession(
  {
    type: 'IssueRefreshSession',
    data: { sessionId: 's-1', userId: 'u-1', secretId: hash('a'), rememberMe: true, expiresAt: '2026-12-22T10:00:00.000Z' },
    metadata: at(issuedAt),
  },
  initialSessionState,
);
const rotate = (presented: string, next: string, standing: UserStanding | undefined = approved, now = later): SessionCommand => ({
  type: 'RotateRefreshSession',
  data: { sessionId: 's-1', presented: presented, secretId: next, standing },
  metadata: at(now),
});
const rotatedOnce = [...issued, ...decideSession(rotate(hash('a'), hash('b')), given(issued))];

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
    expect(when(rotatedOnce, rotate(hash('b'), hash('c')))[0]?.type).toBe('RefreshSessionRotated');
  });

  it('end the whole session when a token already exchanged is presented again', () => {
    expect(when(rotatedOnce, rotate(hash('a'), hash('c')))).toEqual([
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
    const state = given(history);
    expect(state.status === 'active' && state.spent.length).toBe(SPENT_HASHES_KEPT);
    // The oldest token kept still ends the session; the one before it is no longer known.
    expect(when(history, rotate(token(10), token(0)))[0]?.data).toMatchObject({ reason: 'reuse_detected' });
    expect(() => when(history, rotate(token(9), token(0)))).toThrow(INVALID_REFRESH_MESSAGE);
  });

  it('refuse unknown tokens, ended sessions and expired sessions without appending', () => {
    expect(() => when([], rotate(hash('a'), hash('b')))).toThrow(INVALID_REFRESH_MESSAGE);
    expect(() => when(rotatedOnce, rotate(hash('f'), hash('c')))).toThrow(INVALID_REFRESH_MESSAGE);
    const revoked = [...rotatedOnce, ...when(rotatedOnce, rotate(hash('a'), hash('c')))];
    expect(() => when(revoked, rotate(hash('b'), hash('c')))).toThrow(SESSION_ENDED_MESSAGE);
    const expired = () => when(issued, rotate(hash('a'), hash('b'), approved, new Date('2026-12-22T10:00:00.000Z')));
    expect(expired).toThrow(UnauthorizedError);
    expect(expired).toThrow(SESSION_EXPIRED_MESSAGE);
  });

  it('end when the user is no longer approved or no longer exists', () => {
    const blocked = when(issued, rotate(hash('a'), hash('b'), { status: 'suspended', credentialsChangedAt: null, sessionsValidAfter: null }));
    expect(blocked[0]?.data).toMatchObject({ reason: 'account_blocked' });
    const gone: SessionCommand = {
      type: 'RotateRefreshSession',
      data: { sessionId: 's-1', presented: hash('a'), secretId: hash('b'), standing: undefined },
      metadata: at(later),
    };
    expect(when(issued, gone)[0]?.data).toMatchObject({ reason: 'account_blocked' });
  });

  it('end when the password changed after the session began, but not for a change before it', () => {
    const changedAfter = when(issued, rotate(hash('a'), hash('b'), { status: 'approved', credentialsChangedAt: later.toISOString(), sessionsValidAfter: later.toISOString() }));
    expect(changedAfter[0]?.data).toMatchObject({ reason: 'password_changed' });
    const changedBefore = when(issued, rotate(hash('a'), hash('b'), { status: 'approved', credentialsChangedAt: '2026-11-01T00:00:00.000Z', sessionsValidAfter: '2026-11-01T00:00:00.000Z' }));
    expect(changedBefore[0]?.type).toBe('RefreshSessionRotated');
  });

  it('end when a role change or a sign-out everywhere came after the session began, but not before it', () => {
    const endedAfter = when(issued, rotate(hash('a'), hash('b'), { status: 'approved', credentialsChangedAt: null, sessionsValidAfter: later.toISOString() }));
    expect(endedAfter[0]?.data).toMatchObject({ reason: 'sessions_ended' });
    const endedBefore = when(issued, rotate(hash('a'), hash('b'), { status: 'approved', credentialsChangedAt: null, sessionsValidAfter: '2026-11-01T00:00:00.000Z' }));
    expect(endedBefore[0]?.type).toBe('RefreshSessionRotated');
  });

  it('log out with the current or an exchanged token; anything else, or a second logout, changes nothing', () => {
    const logout = (presented: string): SessionCommand => ({
      type: 'RevokeRefreshSession',
      data: { sessionId: 's-1', presented: presented, reason: 'logout' },
      metadata: at(later),
    });
    const ended = when(rotatedOnce, logout(hash('b')));
    expect(ended).toEqual([
      { type: 'RefreshSessionRevoked', data: { sessionId: 's-1', userId: 'u-1', reason: 'logout', revokedAt: later.toISOString() } },
    ]);
    expect(when(rotatedOnce, logout(hash('a')))).toHaveLength(1);
    expect(when(rotatedOnce, logout(hash('f')))).toEqual([]);
    expect(when([...rotatedOnce, ...ended], logout(hash('b')))).toEqual([]);
    expect(when([], logout(hash('b')))).toEqual([]);
  });

  it('still fold and rotate a session begun before the credential store (token hashes in its events)', () => {
    const legacy: SessionEvent[] = [
      { type: 'RefreshSessionIssued', data: { sessionId: 's-1', userId: 'u-1', tokenHash: hash('a'), rememberMe: false, issuedAt: issuedAt.toISOString(), expiresAt: '2026-12-22T10:00:00.000Z' } },
    ];
    expect(given(legacy)).toMatchObject({ current: { tokenHash: hash('a') }, spent: [] });
    const rotated = when(legacy, rotate(hash('a'), 'secret-b'));
    expect(given([...legacy, ...rotated])).toMatchObject({ current: { secretId: 'secret-b' }, spent: [{ tokenHash: hash('a') }] });
  });
});


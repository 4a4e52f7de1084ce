import type { SessionRevocationReason, UserStatus } from '@concierge/contracts';
import { ConflictError, UnauthorizedError } from '@concierge/platform/errors';
import { evolveSession, initialSessionState, type SessionEvent, type SessionState } from './session.js';

/** Credentials checked and the account approved: open a session for one device. */
export interface IssueSession {
  readonly type: 'IssueSession';
  readonly sessionId: string;
  readonly userId: string;
  readonly tokenHash: string;
  readonly rememberMe: boolean;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
}

/** The account as it stands now; undefined when it no longer exists. */
export interface AccountStanding {
  readonly status: UserStatus;
  readonly credentialsChangedAt: string | null;
  /** Sessions begun before it are void (password, role change, sign-out everywhere). */
  readonly sessionsValidAfter: string | null;
}

/** Exchange the presented refresh token for `tokenHash`. */
export interface RotateSession {
  readonly type: 'RotateSession';
  readonly presentedTokenHash: string;
  readonly tokenHash: string;
  readonly account: AccountStanding | undefined;
  readonly now: Date;
}

/** End the session of a presented token (current or already spent); anything else changes nothing. */
export interface RevokeSession {
  readonly type: 'RevokeSession';
  readonly presentedTokenHash: string;
  readonly reason: SessionRevocationReason;
  readonly revokedAt: Date;
}

export type SessionCommand = IssueSession | RotateSession | RevokeSession;

export const INVALID_REFRESH_MESSAGE = 'Your session is not valid. Please sign in again.';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

export function issueSession(command: IssueSession, state: SessionState): SessionEvent[] {
  if (state.status !== 'none') throw new ConflictError('This session already exists.');
  const { sessionId, userId, tokenHash, rememberMe } = command;
  const issuedAt = command.issuedAt.toISOString();
  return [{ type: 'RefreshSessionIssued', data: { sessionId, userId, tokenHash, rememberMe, issuedAt, expiresAt: command.expiresAt.toISOString() } }];
}

/**
 * Rotation with reuse detection: the current token rotates; a token already exchanged ends the
 * session (whoever holds the newer token must sign in again, the thief included). Sessions also
 * end when the account is no longer approved, or its password, its role or a sign-out everywhere
 * came after the session began.
 * The session keeps its original expiry: rotation never extends a session's life.
 */
export function rotateSession(command: RotateSession, state: SessionState): SessionEvent[] {
  if (state.status === 'none') throw new UnauthorizedError(INVALID_REFRESH_MESSAGE);
  if (state.status === 'revoked') throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  if (command.now.getTime() >= Date.parse(state.expiresAt)) throw new UnauthorizedError(SESSION_EXPIRED_MESSAGE);
  const { sessionId, userId } = state;
  const revokedAt = command.now.toISOString();
  const revoke = (reason: SessionRevocationReason): SessionEvent[] => [
    { type: 'RefreshSessionRevoked', data: { sessionId, userId, reason, revokedAt } },
  ];
  if (command.presentedTokenHash !== state.tokenHash) {
    if (state.spentHashes.includes(command.presentedTokenHash)) return revoke('reuse_detected');
    throw new UnauthorizedError(INVALID_REFRESH_MESSAGE);
  }
  const { account } = command;
  if (!account || account.status !== 'approved') return revoke('account_blocked');
  const issuedAt = Date.parse(state.issuedAt);
  if (account.credentialsChangedAt !== null && Date.parse(account.credentialsChangedAt) > issuedAt) return revoke('password_changed');
  if (account.sessionsValidAfter !== null && Date.parse(account.sessionsValidAfter) > issuedAt) return revoke('sessions_ended');
  return [
    {
      type: 'RefreshSessionRotated',
      data: { sessionId, userId, tokenHash: command.tokenHash, expiresAt: state.expiresAt, rotatedAt: revokedAt },
    },
  ];
}

export function revokeSession(command: RevokeSession, state: SessionState): SessionEvent[] {
  if (state.status !== 'active') return [];
  const known = command.presentedTokenHash === state.tokenHash || state.spentHashes.includes(command.presentedTokenHash);
  if (!known) return [];
  const { sessionId, userId } = state;
  return [{ type: 'RefreshSessionRevoked', data: { sessionId, userId, reason: command.reason, revokedAt: command.revokedAt.toISOString() } }];
}

export function decideSession(command: SessionCommand, state: SessionState): SessionEvent[] {
  switch (command.type) {
    case 'IssueSession':
      return issueSession(command, state);
    case 'RotateSession':
      return rotateSession(command, state);
    case 'RevokeSession':
      return revokeSession(command, state);
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown session command ${String((unexpected as { type: unknown }).type)}`);
    }
  }
}

export const sessionAggregate = { initialState: initialSessionState, evolve: evolveSession, decide: decideSession };

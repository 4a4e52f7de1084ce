import type {
  IssueRefreshSession,
  RevokeRefreshSession,
  RotateRefreshSession,
  SessionCommand,
  SessionRevocationReason,
} from '@concierge/contracts';
import { ConflictError, UnauthorizedError } from '@concierge/platform/errors';
import { secretKey } from '../credentials.js';
import { defineAggregate } from '../../shared/aggregate.js';
import { evolveSession, initialSessionState, sessionStreamId, type SessionEvent, type SessionState } from './session.js';

export type { SessionCommand } from '@concierge/contracts';

export const INVALID_REFRESH_MESSAGE = 'Your session is not valid. Please sign in again.';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

export function decideIssueRefreshSession(command: IssueRefreshSession, state: SessionState): SessionEvent[] {
  if (state.status !== 'none') throw new ConflictError('This session already exists.');
  const { sessionId, userId, secretId, rememberMe, expiresAt } = command.data;
  return [{ type: 'RefreshSessionIssued', data: { sessionId, userId, secretId, rememberMe, issuedAt: command.metadata.now, expiresAt } }];
}

/**
 * Rotation with reuse detection: the current token rotates; a token already exchanged ends the
 * session (whoever holds the newer token must sign in again, the thief included). Sessions also
 * end when the account is no longer approved, or its password, its role or a sign-out everywhere
 * came after the session began.
 * The session keeps its original expiry: rotation never extends a session's life.
 */
export function decideRotateRefreshSession(command: RotateRefreshSession, state: SessionState): SessionEvent[] {
  if (state.status === 'none') throw new UnauthorizedError(INVALID_REFRESH_MESSAGE);
  if (state.status === 'revoked') throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  const revokedAt = command.metadata.now;
  if (Date.parse(revokedAt) >= Date.parse(state.expiresAt)) throw new UnauthorizedError(SESSION_EXPIRED_MESSAGE);
  const { sessionId, userId } = state;
  const { presented, secretId, standing } = command.data;
  const revoke = (reason: SessionRevocationReason): SessionEvent[] => [
    { type: 'RefreshSessionRevoked', data: { sessionId, userId, reason, revokedAt } },
  ];
  if (presented !== secretKey(state.current)) {
    if (state.spent.some((spent) => secretKey(spent) === presented)) return revoke('reuse_detected');
    throw new UnauthorizedError(INVALID_REFRESH_MESSAGE);
  }
  if (!standing || standing.status !== 'approved') return revoke('account_blocked');
  const issuedAt = Date.parse(state.issuedAt);
  if (standing.credentialsChangedAt !== null && Date.parse(standing.credentialsChangedAt) > issuedAt) return revoke('password_changed');
  if (standing.sessionsValidAfter !== null && Date.parse(standing.sessionsValidAfter) > issuedAt) return revoke('sessions_ended');
  return [{ type: 'RefreshSessionRotated', data: { sessionId, userId, secretId, expiresAt: state.expiresAt, rotatedAt: revokedAt } }];
}

export function decideRevokeRefreshSession(command: RevokeRefreshSession, state: SessionState): SessionEvent[] {
  if (state.status !== 'active') return [];
  const { presented, reason } = command.data;
  const known = presented === secretKey(state.current) || state.spent.some((spent) => secretKey(spent) === presented);
  if (!known) return [];
  const { sessionId, userId } = state;
  return [{ type: 'RefreshSessionRevoked', data: { sessionId, userId, reason, revokedAt: command.metadata.now } }];
}

export function decideSession(command: SessionCommand, state: SessionState): SessionEvent[] {
  switch (command.type) {
    case 'IssueRefreshSession':
      return decideIssueRefreshSession(command, state);
    case 'RotateRefreshSession':
      return decideRotateRefreshSession(command, state);
    case 'RevokeRefreshSession':
      return decideRevokeRefreshSession(command, state);
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown session command ${String((unexpected as { type: unknown }).type)}`);
    }
  }
}

/** `session-<sessionId>`. Bump the snapshot version whenever `evolveSession` or `SessionState` changes. */
export const sessionAggregate = defineAggregate({
  streamOf: sessionStreamId,
  initialState: initialSessionState,
  evolve: evolveSession,
  decide: decideSession,
  snapshot: { name: 'session', version: 1 },
});

import { UnauthorizedError } from '@concierge/platform/errors';
import { commandMetadata, type ContextFor } from '../../shared/command-context.js';
import { blockedAccountError } from '../login/account-status.js';
import { findUserById } from '../user/find-user.js';
import { INVALID_REFRESH_MESSAGE, SESSION_ENDED_MESSAGE, sessionAggregate } from './decide.js';
import { keepSecret } from '../credentials.js';
import { presentedKey } from './presented-token.js';
import { newRefreshToken, sessionIdOf } from './refresh-token.js';
import { accessTokenFor, type IssuedTokens, type SessionDeps } from './start-session.js';

export const PASSWORD_CHANGED_MESSAGE = 'Your password was changed. Please sign in again.';

/**
 * POST /auth/refresh-token: rotates the session's refresh token and signs a new access token
 * with the account's current role and status. The rotation is appended at the revision read, so
 * of two simultaneous uses of one token exactly one rotates; the other is seen as a reuse.
 */
export async function refreshSession(deps: SessionDeps, input: { readonly refreshToken: string }, contextFor: ContextFor): Promise<IssuedTokens> {
  const { refreshToken } = input;
  const sessionId = sessionIdOf(refreshToken);
  // Read before deciding: who acts (the context's actor) is the session's user.
  const state = await sessionAggregate.load(deps, sessionId);
  if (state.status === 'none') throw new UnauthorizedError(INVALID_REFRESH_MESSAGE);
  const user = await findUserById(deps, state.userId);
  const ctx = contextFor(user ? { type: 'user', userId: user.userId, role: user.role } : { type: 'system', reason: 'refresh-token' });
  const next = newRefreshToken(sessionId);
  const standing = user && { status: user.status, credentialsChangedAt: user.credentialsChangedAt, sessionsValidAfter: user.sessionsValidAfter };
  const presented = await presentedKey(deps.credentials, state, refreshToken);
  const data = { sessionId, presented, secretId: await keepSecret(deps.credentials, next), standing };
  const { events, position } = await sessionAggregate.handle(deps, sessionId, { type: 'RotateRefreshSession', data, metadata: commandMetadata(ctx) }, ctx);
  const [outcome] = events;
  if (outcome?.type === 'RefreshSessionRotated' && user) {
    return { token: accessTokenFor(deps.keys, user, sessionId, state.issuedAt), refreshToken: next, position };
  }
  if (outcome?.type === 'RefreshSessionRevoked' && outcome.data.reason === 'account_blocked' && user && user.status !== 'approved') {
    throw blockedAccountError(user.status);
  }
  if (outcome?.type === 'RefreshSessionRevoked' && outcome.data.reason === 'password_changed') throw new UnauthorizedError(PASSWORD_CHANGED_MESSAGE);
  throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
}

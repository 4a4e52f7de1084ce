import type { CredentialStore } from '@concierge/platform/credential-store/port';
import type { Actor } from '@concierge/platform/event-store/port';
import { UnauthorizedError } from '@concierge/platform/errors';
import { handleCommand, loadState } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { blockedAccountError } from '../login/account-status.js';
import { findUserById } from '../user/find-user.js';
import { INVALID_REFRESH_MESSAGE, SESSION_ENDED_MESSAGE, sessionAggregate } from './decide.js';
import { keepSecret, secretKey, secretMatches } from '../credentials.js';
import { newRefreshToken, sessionIdOf } from './refresh-token.js';
import { sessionStreamId, type SessionState } from './session.js';
import { accessTokenFor, type IssuedTokens, type SessionDeps } from './start-session.js';

export const PASSWORD_CHANGED_MESSAGE = 'Your password was changed. Please sign in again.';

/** Builds the command context once the acting user (or the platform) is known. */
export type ContextFor = (actor: Actor) => CommandContext;

/**
 * POST /auth/refresh-token: rotates the session's refresh token and signs a new access token
 * with the account's current role and status. The rotation is appended at the revision read, so
 * of two simultaneous uses of one token exactly one rotates; the other is seen as a reuse.
 */
export async function refreshSession(deps: SessionDeps, refreshToken: string, contextFor: ContextFor): Promise<IssuedTokens> {
  const sessionId = sessionIdOf(refreshToken);
  const streamId = sessionStreamId(sessionId);
  const { state } = await loadState(deps.eventStore, streamId, sessionAggregate);
  if (state.status === 'none') throw new UnauthorizedError(INVALID_REFRESH_MESSAGE);
  const user = await findUserById(deps.eventStore, state.userId);
  const ctx = contextFor(user ? { type: 'user', userId: user.userId, role: user.role } : { type: 'system', reason: 'refresh-token' });
  const next = newRefreshToken(sessionId);
  const standing = user && { status: user.status, credentialsChangedAt: user.credentialsChangedAt, sessionsValidAfter: user.sessionsValidAfter };
  const presented = await presentedKey(deps.credentials, state, refreshToken);
  const data = { sessionId, presented, secretId: await keepSecret(deps.credentials, next), standing };
  const { events, position } = await handleCommand(
    deps.eventStore,
    streamId,
    sessionAggregate,
    { type: 'RotateRefreshSession', data, metadata: commandMetadata(ctx) },
    ctx,
  );
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

/** POST /auth/logout: ends the session of the token sent; unknown or ended sessions change nothing. */
export async function endSession(deps: SessionDeps, refreshToken: string, contextFor: ContextFor) {
  const sessionId = sessionIdOf(refreshToken);
  const streamId = sessionStreamId(sessionId);
  const { state } = await loadState(deps.eventStore, streamId, sessionAggregate);
  if (state.status !== 'active') return { position: null };
  const user = await findUserById(deps.eventStore, state.userId);
  const ctx = contextFor(user ? { type: 'user', userId: user.userId, role: user.role } : { type: 'system', reason: 'logout' });
  const { position } = await handleCommand(
    deps.eventStore,
    streamId,
    sessionAggregate,
    { type: 'RevokeRefreshSession', data: { sessionId, presented: await presentedKey(deps.credentials, state, refreshToken), reason: 'logout' }, metadata: commandMetadata(ctx) },
    ctx,
  );
  return { position };
}

/** What the decider is told a presented token is: none of the session's tokens. */
const UNKNOWN_TOKEN = 'unknown';

/**
 * Which of the session's tokens (the current one, then the spent ones, newest first) the presented
 * refresh token is, as its key; UNKNOWN_TOKEN for none. The hashes are in the credential store.
 */
async function presentedKey(credentials: CredentialStore, state: SessionState, refreshToken: string): Promise<string> {
  if (state.status === 'none') return UNKNOWN_TOKEN;
  for (const ref of [state.current, ...[...state.spent].reverse()]) if (await secretMatches(credentials, ref, refreshToken)) return secretKey(ref);
  return UNKNOWN_TOKEN;
}

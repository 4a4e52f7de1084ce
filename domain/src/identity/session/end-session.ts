import type { Position } from '@concierge/platform/event-store/position';
import { commandMetadata, type ContextFor } from '../../shared/command-context.js';
import { findUserById } from '../user/find-user.js';
import { sessionAggregate } from './decide.js';
import { presentedKey } from './presented-token.js';
import { sessionIdOf } from './refresh-token.js';
import type { SessionDeps } from './start-session.js';

/** POST /auth/logout: ends the session of the token sent; unknown or ended sessions change nothing. */
export async function endSession(deps: SessionDeps, input: { readonly refreshToken: string }, contextFor: ContextFor): Promise<{ position: Position | null }> {
  const { refreshToken } = input;
  const sessionId = sessionIdOf(refreshToken);
  // Read before deciding: who acts (the context's actor) is the session's user.
  const state = await sessionAggregate.load(deps, sessionId);
  if (state.status !== 'active') return { position: null };
  const user = await findUserById(deps, state.userId);
  const ctx = contextFor(user ? { type: 'user', userId: user.userId, role: user.role } : { type: 'system', reason: 'logout' });
  const presented = await presentedKey(deps.credentials, state, refreshToken);
  const command = { type: 'RevokeRefreshSession' as const, data: { sessionId, presented, reason: 'logout' as const }, metadata: commandMetadata(ctx) };
  const { position } = await sessionAggregate.handle(deps, sessionId, command, ctx);
  return { position };
}

import type { ChangePasswordRequest, UpdateProfileRequest } from '@concierge/contracts';
import { NotFoundError, UnauthorizedError, ValidationError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import { handleCommand, loadState } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { keepPassword, passwordKey, passwordMatches, type PasswordDeps } from '../credentials.js';
import { endSessions } from '../session/end-sessions.js';
import { sessionAggregate } from '../session/decide.js';
import { sessionStreamId } from '../session/session.js';
import { startSession, type IssuedTokens, type SessionDeps } from '../session/start-session.js';
import { USER_NOT_FOUND_MESSAGE, userAggregate, type UserCommand } from '../user/decide.js';
import { findUserById } from '../user/find-user.js';
import { userStreamId } from '../user/user.js';

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect.';
export const SAME_PASSWORD_MESSAGE = 'New password must be different from the current password.';
export const SIGNED_OUT_AFTER_GUESSES_MESSAGE =
  'The current password was entered wrong too many times, so you have been signed out on every device. Please sign in again.';

/** A member's own names; `email` is what the form sent along, which must be the account's own (the decider refuses another). */
export async function updateProfile(
  store: EventStore,
  userId: string,
  profile: UpdateProfileRequest & { readonly email: string | undefined },
  ctx: CommandContext,
): Promise<Position | null> {
  const data = { userId, firstName: profile.firstName, lastName: profile.lastName, email: profile.email };
  const command: UserCommand = { type: 'UpdateProfile', data, metadata: commandMetadata(ctx) };
  return (await handleCommand(store, userStreamId(userId), userAggregate, command, ctx)).position;
}

/** How many wrong current passwords this account has given lately (counted by the caller's rate limiter). */
export interface PasswordGuesses {
  /** Wrong current passwords counted so far, this attempt not included. */
  readonly failures: number;
  readonly failuresBeforeSignOut: number;
  /** The current password was right: the count starts again. */
  succeeded(): Promise<void>;
}

/**
 * A member changes their password with the current one. Every refresh session begun before the
 * change is refused from now on; the device that asked gets a new session. Whoever holds a
 * session but keeps getting the current password wrong may have stolen it: every session of the
 * account ends, so the owner signs in again and the thief is out.
 */
export async function changePassword(
  deps: SessionDeps & PasswordDeps,
  caller: { readonly userId: string; readonly sessionId: string },
  request: ChangePasswordRequest,
  ctx: CommandContext,
  guesses?: PasswordGuesses,
): Promise<IssuedTokens> {
  const user = await findUserById(deps.eventStore, caller.userId);
  if (!user) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
  if (!(await passwordMatches(deps, user.password, request.currentPassword))) {
    if (guesses && guesses.failures >= guesses.failuresBeforeSignOut) {
      await endSessions(deps.eventStore, user.userId, 'password_attempts', ctx);
      await guesses.succeeded(); // a fresh count once the owner has signed in again
      throw new UnauthorizedError(SIGNED_OUT_AFTER_GUESSES_MESSAGE);
    }
    throw new ValidationError([{ field: 'currentPassword', message: WRONG_CURRENT_PASSWORD_MESSAGE }]);
  }
  await guesses?.succeeded();
  if (request.newPassword === request.currentPassword) throw new ValidationError([{ field: 'newPassword', message: SAME_PASSWORD_MESSAGE }]);
  const passwordCredentialId = await keepPassword(deps, request.newPassword);
  const data = { userId: user.userId, verifiedPassword: passwordKey(user.password), passwordCredentialId };
  const command: UserCommand = { type: 'ChangePassword', data, metadata: commandMetadata(ctx) };
  await handleCommand(deps.eventStore, userStreamId(user.userId), userAggregate, command, ctx);
  const { state: current } = await loadState(deps.eventStore, sessionStreamId(caller.sessionId), sessionAggregate);
  const rememberMe = current.status !== 'none' && current.userId === user.userId && current.rememberMe;
  const changed = { ...user, password: { credentialId: passwordCredentialId }, credentialsChangedAt: ctx.now.toISOString(), sessionsValidAfter: ctx.now.toISOString() };
  return startSession(deps, changed, rememberMe, ctx);
}

import type { ChangePasswordRequest } from '@concierge/contracts';
import { NotFoundError, UnauthorizedError, ValidationError } from '@concierge/platform/errors';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { keepPassword, passwordKey, passwordMatches, type PasswordDeps } from '../credentials.js';
import { sessionAggregate } from '../session/decide.js';
import { endSessions } from '../session/end-sessions.js';
import { startSession, type IssuedTokens, type SessionDeps } from '../session/start-session.js';
import { USER_NOT_FOUND_MESSAGE, userAggregate, type UserCommand } from '../user/decide.js';
import { findUserById } from '../user/find-user.js';

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect.';
export const SAME_PASSWORD_MESSAGE = 'New password must be different from the current password.';
export const SIGNED_OUT_AFTER_GUESSES_MESSAGE =
  'The current password was entered wrong too many times, so you have been signed out on every device. Please sign in again.';

/** How many wrong current passwords this account has given lately (counted by the caller's rate limiter). */
export interface PasswordGuesses {
  /** Wrong current passwords counted so far, this attempt not included. */
  readonly failures: number;
  readonly failuresBeforeSignOut: number;
  /** The current password was right: the count starts again. */
  succeeded(): Promise<void>;
}

/** The signed-in caller's request, with the wrong guesses counted so far (none counted: no limit). */
export interface ChangePasswordInput extends Pick<ChangePasswordRequest, 'currentPassword' | 'newPassword'> {
  readonly userId: string;
  readonly sessionId: string;
  readonly guesses?: PasswordGuesses | undefined;
}

/**
 * A member changes their password with the current one. Every refresh session begun before the
 * change is refused from now on; the device that asked gets a new session. Whoever holds a
 * session but keeps getting the current password wrong may have stolen it: every session of the
 * account ends, so the owner signs in again and the thief is out.
 */
export async function changePassword(deps: SessionDeps & PasswordDeps, input: ChangePasswordInput, ctx: CommandContext): Promise<IssuedTokens> {
  const { guesses } = input;
  const user = await findUserById(deps, input.userId);
  if (!user) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
  if (!(await passwordMatches(deps, user.password, input.currentPassword))) {
    if (guesses && guesses.failures >= guesses.failuresBeforeSignOut) {
      await endSessions(deps, { userId: user.userId, reason: 'password_attempts' }, ctx);
      await guesses.succeeded(); // a fresh count once the owner has signed in again
      throw new UnauthorizedError(SIGNED_OUT_AFTER_GUESSES_MESSAGE);
    }
    throw new ValidationError([{ field: 'currentPassword', message: WRONG_CURRENT_PASSWORD_MESSAGE }]);
  }
  await guesses?.succeeded();
  if (input.newPassword === input.currentPassword) throw new ValidationError([{ field: 'newPassword', message: SAME_PASSWORD_MESSAGE }]);
  const passwordCredentialId = await keepPassword(deps, input.newPassword);
  const data = { userId: user.userId, verifiedPassword: passwordKey(user.password), passwordCredentialId };
  const command: UserCommand = { type: 'ChangePassword', data, metadata: commandMetadata(ctx) };
  await userAggregate.handle(deps, user.userId, command, ctx);
  const current = await sessionAggregate.load(deps, input.sessionId);
  const rememberMe = current.status !== 'none' && current.userId === user.userId && current.rememberMe;
  const changed = { ...user, password: { credentialId: passwordCredentialId }, credentialsChangedAt: ctx.now.toISOString(), sessionsValidAfter: ctx.now.toISOString() };
  return startSession(deps, { user: changed, rememberMe }, ctx);
}

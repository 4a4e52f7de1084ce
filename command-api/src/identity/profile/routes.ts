import type { Request, RequestHandler } from 'express';
import { userRoutes } from '@concierge/contracts';
import { principalOf } from '@concierge/platform/auth/authorize';
import { NotFoundError, UnauthorizedError, ValidationError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import { formatPosition } from '@concierge/platform/event-store/position';
import { inputOf } from '@concierge/platform/http/route-table';
import { handleCommand, loadState } from '@concierge/domain/shared/aggregate';
import type { CommandContext } from '@concierge/domain/shared/command-context';
import type { PasswordHasher } from '@concierge/domain/identity/password-hasher';
import type { CredentialAttempts } from '../rate-limits.js';
import { callerContext } from '../request-context.js';
import { sessionAggregate } from '@concierge/domain/identity/session/decide';
import { sessionStreamId } from '@concierge/domain/identity/session/session';
import { startSession, type SessionDeps } from '@concierge/domain/identity/session/start-session';
import { USER_NOT_FOUND_MESSAGE, userAggregate, type UserCommand } from '@concierge/domain/identity/user/decide';
import { findUserById } from '@concierge/domain/identity/user/find-user';
import { userStreamId } from '@concierge/domain/identity/user/user';

export const PROFILE_UPDATED_MESSAGE = 'Profile updated successfully.';
export const PASSWORD_CHANGED_MESSAGE = 'Password changed successfully.';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect.';
export const SAME_PASSWORD_MESSAGE = 'New password must be different from the current password.';
export const SIGNED_OUT_AFTER_GUESSES_MESSAGE =
  'The current password was entered wrong too many times, so you have been signed out on every device. Please sign in again.';

interface Clock {
  readonly now: () => Date;
}

/**
 * The email the profile form sent along, which the contracts schema drops: blank or absent is
 * no email; anything else is compared with the account's (the decider refuses a different one).
 */
function sentEmail(req: Request): string | undefined {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || !('email' in body)) return undefined;
  const email: unknown = body.email;
  if (email === undefined || email === null || (typeof email === 'string' && email.trim() === '')) return undefined;
  return typeof email === 'string' ? email.trim().toLowerCase() : JSON.stringify(email);
}

/** PUT /users/profile */
export function updateProfileHandler(deps: SessionDeps & Clock): RequestHandler {
  return async (req, res) => {
    const { body } = inputOf(req, userRoutes.updateProfile);
    const ctx = callerContext(req, res, deps.now);
    const command: UserCommand = { type: 'UpdateProfile', firstName: body.firstName, lastName: body.lastName, email: sentEmail(req), updatedAt: ctx.now };
    const { position } = await handleCommand(deps.eventStore, userStreamId(principalOf(req).userId), userAggregate, command, ctx);
    res.json({ message: PROFILE_UPDATED_MESSAGE, position: position ? formatPosition(position) : null });
  };
}

/**
 * Whoever holds a session but keeps getting the current password wrong may have stolen it:
 * every session of the account ends, so the owner signs in again and the thief is out.
 */
async function endSessionsAfterGuessing(eventStore: EventStore, userId: string, ctx: CommandContext): Promise<void> {
  const command: UserCommand = { type: 'EndSessions', reason: 'password_attempts', endedBy: userId, endedAt: ctx.now };
  await handleCommand(eventStore, userStreamId(userId), userAggregate, command, ctx);
}

/**
 * PUT /users/password, limited per account; repeated wrong current passwords end every session of
 * the account (see `endSessionsAfterGuessing`). Every refresh session begun before the change is
 * refused from now on; this device gets a new session in the answer (`token`, `refreshToken`).
 */
export function changePasswordHandler(deps: SessionDeps & Clock & { hasher: PasswordHasher; attempts?: CredentialAttempts | undefined }): RequestHandler {
  return async (req, res) => {
    const { body } = inputOf(req, userRoutes.changePassword);
    const principal = principalOf(req);
    const ctx = callerContext(req, res, deps.now);
    const { attempts } = deps;
    const failures = attempts ? await attempts.passwordChange.begin(principal.userId, res) : 0;
    const user = await findUserById(deps.eventStore, principal.userId);
    if (!user) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
    if (!(await deps.hasher.verify(user.passwordHash, body.currentPassword))) {
      if (attempts && failures >= attempts.limits.changePassword.failuresBeforeSignOut) {
        await endSessionsAfterGuessing(deps.eventStore, user.userId, ctx);
        await attempts.passwordChange.succeeded(user.userId); // a fresh count once the owner has signed in again
        throw new UnauthorizedError(SIGNED_OUT_AFTER_GUESSES_MESSAGE);
      }
      throw new ValidationError([{ field: 'currentPassword', message: WRONG_CURRENT_PASSWORD_MESSAGE }]);
    }
    await attempts?.passwordChange.succeeded(user.userId);
    if (body.newPassword === body.currentPassword) throw new ValidationError([{ field: 'newPassword', message: SAME_PASSWORD_MESSAGE }]);
    const passwordHash = await deps.hasher.hash(body.newPassword);
    const command: UserCommand = { type: 'ChangePassword', verifiedPasswordHash: user.passwordHash, passwordHash, changedAt: ctx.now };
    await handleCommand(deps.eventStore, userStreamId(user.userId), userAggregate, command, ctx);
    const { state: current } = await loadState(deps.eventStore, sessionStreamId(principal.sessionId), sessionAggregate);
    const rememberMe = current.status !== 'none' && current.userId === user.userId && current.rememberMe;
    const changed = { ...user, passwordHash, credentialsChangedAt: ctx.now.toISOString(), sessionsValidAfter: ctx.now.toISOString() };
    const { token, refreshToken, position } = await startSession(deps, changed, rememberMe, ctx);
    res.json({ message: PASSWORD_CHANGED_MESSAGE, position: position ? formatPosition(position) : null, token, refreshToken });
  };
}

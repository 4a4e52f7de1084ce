import type { Request, RequestHandler } from 'express';
import { userRoutes } from '@concierge/contracts';
import { principalOf } from '@concierge/platform/auth/authorize';
import { formatPosition } from '@concierge/platform/event-store/position';
import { inputOf } from '@concierge/platform/http/route-table';
import type { PasswordDeps } from '@concierge/domain/identity/credentials';
import { changePassword, type PasswordGuesses } from '@concierge/domain/identity/profile/change-password';
import { updateProfile } from '@concierge/domain/identity/profile/update-profile';
import type { SessionDeps } from '@concierge/domain/identity/session/start-session';
import type { CredentialAttempts } from '../rate-limits.js';
import { callerContext } from '../request-context.js';

export const PROFILE_UPDATED_MESSAGE = 'Profile updated successfully.';
export const PASSWORD_CHANGED_MESSAGE = 'Password changed successfully.';

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
    const position = await updateProfile(deps, { ...body, userId: principalOf(req).userId, email: sentEmail(req) }, ctx);
    res.json({ message: PROFILE_UPDATED_MESSAGE, position: position ? formatPosition(position) : null });
  };
}

/**
 * PUT /users/password, limited per account (a burst waits with 429); the account's wrong current
 * passwords are counted here and the use case ends every session once there are too many.
 */
export function changePasswordHandler(deps: SessionDeps & PasswordDeps & Clock & { attempts?: CredentialAttempts | undefined }): RequestHandler {
  return async (req, res) => {
    const { body } = inputOf(req, userRoutes.changePassword);
    const { userId, sessionId } = principalOf(req);
    const ctx = callerContext(req, res, deps.now);
    const { attempts } = deps;
    const guesses: PasswordGuesses | undefined = attempts && {
      failures: await attempts.passwordChange.begin(userId, res),
      failuresBeforeSignOut: attempts.limits.changePassword.failuresBeforeSignOut,
      succeeded: () => attempts.passwordChange.succeeded(userId),
    };
    const { token, refreshToken, position } = await changePassword(deps, { ...body, userId, sessionId, guesses }, ctx);
    res.json({ message: PASSWORD_CHANGED_MESSAGE, position: position ? formatPosition(position) : null, token, refreshToken });
  };
}

import type { SomeHandlers } from '@concierge/platform/http/handlers';
import type { PasswordDeps } from '@concierge/domain/identity/credentials';
import { changePassword, type PasswordGuesses } from '@concierge/domain/identity/profile/change-password';
import { updateProfile } from '@concierge/domain/identity/profile/update-profile';
import type { SessionDeps } from '@concierge/domain/identity/session/start-session';
import type { CredentialAttempts } from '../rate-limits.js';

export const PROFILE_UPDATED_MESSAGE = 'Profile updated successfully.';
export const PASSWORD_CHANGED_MESSAGE = 'Password changed successfully.';

/**
 * The email the profile form sent along, which the contracts schema drops: blank or absent is
 * no email; anything else is compared with the account's (the decider refuses a different one).
 */
function sentEmail(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('email' in body)) return undefined;
  const email: unknown = body.email;
  if (email === undefined || email === null || (typeof email === 'string' && email.trim() === '')) return undefined;
  return typeof email === 'string' ? email.trim().toLowerCase() : JSON.stringify(email);
}

/**
 * PUT /users/profile, and PUT /users/password, limited per account (a burst waits with 429); the
 * account's wrong current passwords are counted here and the use case ends every session once
 * there are too many.
 */
export function profileHandlers(deps: SessionDeps & PasswordDeps & { attempts?: CredentialAttempts | undefined }) {
  return {
    'users.updateProfile': async ({ body, rawBody, caller, context }) => ({
      message: PROFILE_UPDATED_MESSAGE,
      position: await updateProfile(deps, { ...body, userId: caller.userId, email: sentEmail(rawBody) }, context),
    }),
    'users.changePassword': async ({ body, caller, context }) => {
      const { userId, sessionId } = caller;
      const { attempts } = deps;
      const guesses: PasswordGuesses | undefined = attempts && {
        failures: await attempts.passwordChange.begin(userId),
        failuresBeforeSignOut: attempts.limits.changePassword.failuresBeforeSignOut,
        succeeded: () => attempts.passwordChange.succeeded(userId),
      };
      const { token, refreshToken, position } = await changePassword(deps, { ...body, userId, sessionId, guesses }, context);
      return { message: PASSWORD_CHANGED_MESSAGE, position, token, refreshToken };
    },
  } satisfies SomeHandlers<'command'>;
}

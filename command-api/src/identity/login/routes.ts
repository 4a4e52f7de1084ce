import type { SomeHandlers } from '@concierge/platform/http/handlers';
import { endSession, refreshSession } from '@concierge/domain/identity/session/refresh';
import type { SessionDeps } from '@concierge/domain/identity/session/start-session';
import { createLogin, type LoginDeps } from '@concierge/domain/identity/login/login';
import type { CredentialAttempts } from '../rate-limits.js';

export const SIGNED_OUT_MESSAGE = 'You have been signed out.';

/**
 * POST /auth/login. Every attempt counts as a failure of this email from this address, and of this
 * email from anywhere, until the password proves right, so a burst of guesses sent at once is held
 * back like one sent in turn, and guesses spread over many addresses are held back together. The
 * address's own back-off is asked first: an address already held back adds nothing to the email's.
 * An address the account signed in from lately skips the email's back-off (its own still holds),
 * so guessers elsewhere cannot keep the owner out by keeping that back-off at its cap.
 *
 * POST /auth/refresh-token rotates the session's refresh token; POST /auth/logout ends the session
 * and gives the same answer whether or not it was still open.
 */
export function sessionHandlers(deps: LoginDeps & SessionDeps & { attempts?: CredentialAttempts | undefined }) {
  const logIn = createLogin(deps);
  return {
    'auth.login': async ({ body, clientAddress, contextFor }) => {
      const attempts = deps.attempts;
      // The address as per-IP limits count it (an IPv6 /64 as one), so stepping through a block opens no fresh count.
      const client = `${body.email} ${clientAddress ?? ''}`;
      await attempts?.signIn.begin(client);
      if (attempts && !(await attempts.knownSignIns.known(client))) await attempts.signInAccount.begin(body.email);
      const succeeded = attempts
        ? () => Promise.all([attempts.signIn.succeeded(client), attempts.signInAccount.succeeded(body.email), attempts.knownSignIns.remember(client)]).then(() => undefined)
        : undefined;
      return logIn(body, contextFor, succeeded);
    },
    'auth.refreshToken': async ({ body, contextFor }) => {
      const { token, refreshToken, position } = await refreshSession(deps, body.refreshToken, contextFor);
      return { token, refreshToken, position };
    },
    'auth.logout': async ({ body, contextFor }) => {
      const { position } = await endSession(deps, body.refreshToken, contextFor);
      return { message: SIGNED_OUT_MESSAGE, position };
    },
  } satisfies SomeHandlers<'command'>;
}

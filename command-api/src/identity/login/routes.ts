import type { UserDto } from '@concierge/contracts';
import type { SomeHandlers } from '@concierge/platform/http/handlers';
import { endSession } from '@concierge/domain/identity/session/end-session';
import { refreshSession } from '@concierge/domain/identity/session/refresh-session';
import type { SessionDeps } from '@concierge/domain/identity/session/start-session';
import { createLogIn, type LoginDeps, type SignedIn } from '@concierge/domain/identity/login/log-in';
import type { MemberProfile } from '@concierge/domain/identity/user/member-profile';
import type { CredentialAttempts } from '../rate-limits.js';

export const SIGNED_OUT_MESSAGE = 'You have been signed out.';

/** The signed-in user as the login answer shows them. */
function userDto({ user, depositAddress, primaryWithdrawalAddressId, planName }: MemberProfile): UserDto {
  return {
    _id: user.userId,
    id: user.userId,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    status: user.status,
    walletAddress: depositAddress,
    subscriptionPlan: user.planId,
    subscriptionPlanName: planName,
    primaryWithdrawalAddress: primaryWithdrawalAddressId,
    emailVerified: user.emailVerified,
    createdAt: user.registeredAt,
  };
}

/** The login answer; the route table writes the position. */
const loginResponse = ({ token, refreshToken, profile, position }: SignedIn) => ({ token, refreshToken, user: userDto(profile), position });

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
  const logIn = createLogIn(deps);
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
      return loginResponse(await logIn({ ...body, passwordAccepted: succeeded }, contextFor));
    },
    'auth.refreshToken': async ({ body, contextFor }) => {
      const { token, refreshToken, position } = await refreshSession(deps, { refreshToken: body.refreshToken }, contextFor);
      return { token, refreshToken, position };
    },
    'auth.logout': async ({ body, contextFor }) => {
      const { position } = await endSession(deps, { refreshToken: body.refreshToken }, contextFor);
      return { message: SIGNED_OUT_MESSAGE, position };
    },
  } satisfies SomeHandlers<'command'>;
}

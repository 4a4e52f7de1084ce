import type { RequestHandler } from 'express';
import { authRoutes, type LoginResponse, type UserDto } from '@concierge/contracts';
import { formatPosition, type Position } from '@concierge/platform/event-store/position';
import { inputOf } from '@concierge/platform/http/route-table';
import { clientAddress } from '@concierge/platform/rate-limit/client-address';
import { endSession } from '@concierge/domain/identity/session/end-session';
import { refreshSession } from '@concierge/domain/identity/session/refresh-session';
import type { SessionDeps } from '@concierge/domain/identity/session/start-session';
import { createLogIn, type LoginDeps, type SignedIn } from '@concierge/domain/identity/login/log-in';
import type { MemberProfile } from '@concierge/domain/identity/user/member-profile';
import { contextFor } from '../request-context.js';
import type { CredentialAttempts } from '../rate-limits.js';

export const SIGNED_OUT_MESSAGE = 'You have been signed out.';

interface Clock {
  readonly now: () => Date;
}

const wire = (position: Position | null) => (position ? formatPosition(position) : null);

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

const loginResponse = ({ token, refreshToken, profile, position }: SignedIn): LoginResponse => ({ token, refreshToken, user: userDto(profile), position: wire(position) });

/**
 * POST /auth/login. Every attempt counts as a failure of this email from this address, and of this
 * email from anywhere, until the password proves right, so a burst of guesses sent at once is held
 * back like one sent in turn, and guesses spread over many addresses are held back together. The
 * address's own back-off is asked first: an address already held back adds nothing to the email's.
 * An address the account signed in from lately skips the email's back-off (its own still holds),
 * so guessers elsewhere cannot keep the owner out by keeping that back-off at its cap.
 */
export function loginHandler(deps: LoginDeps & Clock & { attempts?: CredentialAttempts | undefined }): RequestHandler {
  const logIn = createLogIn(deps);
  return async (req, res) => {
    const { body } = inputOf(req, authRoutes.login);
    const attempts = deps.attempts;
    // The address as per-IP limits count it (an IPv6 /64 as one), so stepping through a block opens no fresh count.
    const client = `${body.email} ${clientAddress(req) ?? ''}`;
    await attempts?.signIn.begin(client, res);
    if (attempts && !(await attempts.knownSignIns.known(client))) await attempts.signInAccount.begin(body.email, res);
    const succeeded = attempts
      ? () => Promise.all([attempts.signIn.succeeded(client), attempts.signInAccount.succeeded(body.email), attempts.knownSignIns.remember(client)]).then(() => undefined)
      : undefined;
    res.json(loginResponse(await logIn({ ...body, passwordAccepted: succeeded }, contextFor(res, deps.now))));
  };
}

/** POST /auth/refresh-token */
export function refreshTokenHandler(deps: SessionDeps & Clock): RequestHandler {
  return async (req, res) => {
    const { body } = inputOf(req, authRoutes.refreshToken);
    const { token, refreshToken, position } = await refreshSession(deps, { refreshToken: body.refreshToken }, contextFor(res, deps.now));
    res.json({ token, refreshToken, position: wire(position) });
  };
}

/** POST /auth/logout: the same answer whether or not the session was still open. */
export function logoutHandler(deps: SessionDeps & Clock): RequestHandler {
  return async (req, res) => {
    const { body } = inputOf(req, authRoutes.logout);
    const { position } = await endSession(deps, { refreshToken: body.refreshToken }, contextFor(res, deps.now));
    res.json({ message: SIGNED_OUT_MESSAGE, position: wire(position) });
  };
}

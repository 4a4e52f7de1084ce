import type { CredentialStore } from '@concierge/platform/credential-store/port';
import type { RequestHandler } from 'express';
import { authRoutes } from '@concierge/contracts';
import { formatPosition } from '@concierge/platform/event-store/position';
import { inputOf } from '@concierge/platform/http/route-table';
import { checkResetToken } from '@concierge/domain/identity/password-reset/check-reset-token';
import { requestPasswordReset, type PasswordResetDeps } from '@concierge/domain/identity/password-reset/request-password-reset';
import { resetPassword } from '@concierge/domain/identity/password-reset/reset-password';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';
import { contextFor } from '../request-context.js';

export const RESET_LINK_SENT_MESSAGE = "If an account exists for this email, you'll receive a link to reset your password shortly.";
export const PASSWORD_RESET_MESSAGE = 'Your password has been reset. You can now sign in with your new password.';

interface Clock {
  readonly now: () => Date;
}

/** POST /auth/forgot-password: one answer for every email, so it reveals no accounts. */
export function forgotPasswordHandler(deps: PasswordResetDeps & Clock): RequestHandler {
  return async (req, res) => {
    const { body } = inputOf(req, authRoutes.forgotPassword);
    await requestPasswordReset(deps, { email: body.email }, contextFor(res, deps.now));
    res.json({ message: RESET_LINK_SENT_MESSAGE });
  };
}

/** GET /auth/reset-password/:token */
export function checkResetTokenHandler(deps: AggregateDeps & { credentials: CredentialStore } & Clock): RequestHandler {
  return async (req, res) => {
    const { params } = inputOf(req, authRoutes.checkResetToken);
    await checkResetToken(deps, { token: params.token }, { now: deps.now() });
    res.json({ valid: true });
  };
}

/** POST /auth/reset-password */
export function resetPasswordHandler(deps: Omit<PasswordResetDeps, 'mail' | 'publicUrl'> & Clock): RequestHandler {
  return async (req, res) => {
    const { body } = inputOf(req, authRoutes.resetPassword);
    const position = await resetPassword(deps, body, contextFor(res, deps.now));
    res.json({ message: PASSWORD_RESET_MESSAGE, position: position ? formatPosition(position) : null });
  };
}

import { notImplemented } from '@concierge/platform/http/route-table';
import type { SomeHandlers } from '@concierge/platform/http/handlers';
import type { MailOutbox } from '@concierge/domain/identity/mail-outbox';
import { checkResetToken } from '@concierge/domain/identity/password-reset/check-reset-token';
import { requestPasswordReset, type PasswordResetDeps } from '@concierge/domain/identity/password-reset/request-password-reset';
import { resetPassword } from '@concierge/domain/identity/password-reset/reset-password';

export const RESET_LINK_SENT_MESSAGE = "If an account exists for this email, you'll receive a link to reset your password shortly.";
export const PASSWORD_RESET_MESSAGE = 'Your password has been reset. You can now sign in with your new password.';

/**
 * POST /auth/forgot-password (one answer for every email, so it reveals no accounts; 501 without a
 * mail queue), GET /auth/reset-password/:token and POST /auth/reset-password.
 */
export function passwordResetHandlers(deps: Omit<PasswordResetDeps, 'mail'> & { readonly mail?: MailOutbox | undefined; readonly now: () => Date }) {
  const { mail } = deps;
  return {
    'auth.forgotPassword': mail
      ? async ({ body, contextFor }) => {
          await requestPasswordReset({ ...deps, mail }, { email: body.email }, contextFor);
          return { message: RESET_LINK_SENT_MESSAGE };
        }
      : notImplemented,
    'auth.checkResetToken': async ({ params }) => {
      await checkResetToken(deps, { token: params.token }, { now: deps.now() });
      return { valid: true };
    },
    'auth.resetPassword': async ({ body, contextFor }) => ({ message: PASSWORD_RESET_MESSAGE, position: await resetPassword(deps, body, contextFor) }),
  } satisfies SomeHandlers<'command'>;
}

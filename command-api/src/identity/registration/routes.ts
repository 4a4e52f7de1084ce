import type { SomeHandlers } from '@concierge/platform/http/handlers';
import { notImplemented } from '@concierge/platform/http/route-table';
import type { MailOutbox } from '@concierge/domain/identity/mail-outbox';
import { registerMember, type MemberRegistrationDeps } from '@concierge/domain/identity/registration/register-member';
import { verifyEmail, type VerifyEmailDeps } from '@concierge/domain/identity/registration/verify-email';

export const REGISTERED_MESSAGE = 'Registration successful! Your account is pending approval.';
export const EMAIL_VERIFIED_MESSAGE = 'Your email address is confirmed. An administrator will now review your registration.';

/**
 * POST /auth/register (the same answer for a free and a taken email; 501 without a mail queue, as
 * the confirmation link could not be sent) and POST /auth/verify-email.
 */
export function registrationHandlers(deps: Omit<MemberRegistrationDeps, 'mail'> & VerifyEmailDeps & { readonly mail?: MailOutbox | undefined }) {
  const { mail } = deps;
  return {
    'auth.register': mail
      ? async ({ body, contextFor }) => {
          const { position } = await registerMember({ ...deps, mail }, body, contextFor({ type: 'system', reason: 'self-registration' }));
          return { message: REGISTERED_MESSAGE, position };
        }
      : notImplemented,
    'auth.verifyEmail': async ({ body, contextFor }) => ({
      message: EMAIL_VERIFIED_MESSAGE,
      position: await verifyEmail(deps, { token: body.token }, contextFor({ type: 'system', reason: 'email-confirmation' })),
    }),
  } satisfies SomeHandlers<'command'>;
}

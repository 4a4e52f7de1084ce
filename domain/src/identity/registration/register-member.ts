import type { RegisterRequest } from '@concierge/contracts';
import { ConflictError } from '@concierge/platform/errors';
import type { Position } from '@concierge/platform/event-store/position';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import type { MailOutbox } from '../mail-outbox.js';
import { keepPassword, keepSecret } from '../credentials.js';
import { newSecret } from '../session/refresh-token.js';
import { EMAIL_VERIFICATION_TTL_MS } from '../user/email-verification.js';
import { userAggregate, type UserCommand } from '../user/decide.js';
import { reserveEmail } from './email-reservation.js';
import type { RegistrationDeps } from './register-user.js';

export interface MemberRegistrationDeps extends RegistrationDeps {
  readonly mail: MailOutbox;
  /** Where the SPA is served; the confirmation link points there. */
  readonly publicUrl: string;
}

/**
 * Self-registration over HTTP. A free email gets a pending account and a confirmation link by
 * mail; it can be approved only once the link was opened. A taken email gets the same answer,
 * and its owner a mail: a new link while the email is unconfirmed, else a notice that someone
 * tried. So registration neither tells anyone which emails have accounts nor lets anyone claim
 * an email they cannot read. The password is hashed and kept either way, so both take the same time.
 *
 * Each link confirms the registration that asked for it: its name and password become the
 * account's when it is opened, and a later registration's link replaces it, so whoever registered
 * an email first (without reading its mail) never keeps the account. The link's mail greets no one
 * by name, since the name is whatever the registrant typed, not yet the mailbox owner's.
 */
export async function registerMember(deps: MemberRegistrationDeps, input: RegisterRequest, ctx: CommandContext): Promise<{ position: Position | null }> {
  const { firstName, lastName, email } = input;
  const passwordCredentialId = await keepPassword(deps, input.password);
  const secret = newSecret();
  const secretId = await keepSecret(deps.credentials, secret);
  const { userId, taken } = await reserveEmail(deps, email, ctx);
  const base = deps.publicUrl.replace(/\/+$/, '');
  const link = { token: `${userId}.${secret}`, secretId };

  if (!taken) {
    const data = { userId, firstName, lastName, email, passwordCredentialId, emailVerificationSecretId: secretId };
    const command = { type: 'RegisterUser' as const, data, metadata: commandMetadata(ctx) };
    try {
      const { position } = await userAggregate.handle(deps, userId, command, ctx);
      await mailLink(deps, email, link, ctx.now);
      return { position };
    } catch (error) {
      // A registration racing this one for the same email wrote the account first: it is taken now.
      if (!(error instanceof ConflictError)) throw error;
    }
  }

  const metadata = commandMetadata(ctx);
  const registration = { firstName, lastName, passwordCredentialId };
  // Which mail the owner gets depends on the account as this decision reads it.
  const { position, decidedOn: owner } = await userAggregate.handle(
    deps,
    userId,
    (state): UserCommand => {
      if (state.status === 'unregistered') throw new Error(`email reservation names ${userId}, whose account stream is empty`);
      return state.emailVerified
        ? { type: 'NoteRepeatedRegistration', data: { userId }, metadata }
        : { type: 'IssueEmailVerification', data: { userId, secretId, registration }, metadata };
    },
    ctx,
  );
  if (owner.status === 'unregistered') throw new Error(`email reservation names ${userId}, whose account stream is empty`);
  if (!owner.emailVerified) {
    await mailLink(deps, owner.email, link, ctx.now);
  } else {
    await deps.mail.send(`registration-repeated-${secretId}`, {
      template: 'registration-repeated',
      to: owner.email,
      data: { firstName: owner.firstName, loginUrl: `${base}/login`, resetUrl: `${base}/forgot-password` },
    });
  }
  return { position };
}

/** The confirmation mail: no name in it (see registerMember); keyed by the link's secret id, so a retry sends it once. */
async function mailLink(deps: MemberRegistrationDeps, to: string, link: { token: string; secretId: string }, now: Date) {
  const verifyUrl = `${deps.publicUrl.replace(/\/+$/, '')}/verify-email?token=${link.token}`;
  const expiresAt = new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS).toISOString();
  await deps.mail.send(`verify-email-${link.secretId}`, { template: 'verify-email', to, data: { verifyUrl, expiresAt } });
}

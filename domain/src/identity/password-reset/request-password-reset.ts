import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type ContextFor } from '../../shared/command-context.js';
import type { MailOutbox } from '../mail-outbox.js';
import { keepSecret, type PasswordDeps } from '../credentials.js';
import { newSecret } from '../session/refresh-token.js';
import { findUserByEmail } from '../user/find-user.js';
import { newResetLinkId, RESET_TOKEN_TTL_MS, resetTokenAggregate, resetTokenOf } from './reset-token.js';

export interface PasswordResetDeps extends AggregateDeps, PasswordDeps {
  readonly mail: MailOutbox;
  /** Where the SPA is served, e.g. https://app.example.com; reset links point there. */
  readonly publicUrl: string;
}

/**
 * Forgot password: for an existing approved or pending account, issue a one-hour, single-use
 * token (only its hash is stored) and queue the mail with the link. Any other email appends
 * nothing; the caller answers the same either way.
 */
export async function requestPasswordReset(deps: PasswordResetDeps, input: { readonly email: string }, contextFor: ContextFor): Promise<void> {
  const user = await findUserByEmail(deps, input.email);
  if (!user || (user.status !== 'approved' && user.status !== 'pending')) return;
  const ctx = contextFor({ type: 'system', reason: 'forgot-password' });
  const linkId = newResetLinkId();
  const secret = newSecret();
  const token = resetTokenOf(linkId, secret);
  const secretId = await keepSecret(deps.credentials, secret);
  const expiresAt = new Date(ctx.now.getTime() + RESET_TOKEN_TTL_MS).toISOString();
  const issue = { type: 'IssuePasswordResetToken' as const, data: { userId: user.userId, secretId, expiresAt }, metadata: commandMetadata(ctx) };
  await resetTokenAggregate.handle(deps, linkId, issue, ctx);
  const resetUrl = `${deps.publicUrl.replace(/\/+$/, '')}/reset-password?token=${token}`;
  await deps.mail.send(`password-reset-${linkId}`, {
    template: 'password-reset',
    to: user.email,
    // Before the email is confirmed the name is a registrant's, perhaps not the mailbox owner's: greet no one.
    data: { firstName: user.emailVerified ? user.firstName : '', resetUrl, expiresAt },
  });
}

import type { EventStore } from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import { handleCommand, loadState } from '../../shared/aggregate.js';
import { commandMetadata } from '../../shared/command-context.js';
import type { MailOutbox } from '../mail-outbox.js';
import { keepPassword, keepSecret, secretMatches, type PasswordDeps } from '../credentials.js';
import type { CredentialStore } from '@concierge/platform/credential-store/port';
import type { ContextFor } from '../session/refresh.js';
import { newSecret } from '../session/refresh-token.js';
import { userAggregate } from '../user/decide.js';
import { findUserByEmail, findUserById } from '../user/find-user.js';
import { userStreamId } from '../user/user.js';
import {
  invalidResetLink,
  isUsable,
  newResetLinkId,
  RESET_TOKEN_TTL_MS,
  resetLinkOf,
  resetTokenAggregate,
  resetTokenOf,
  resetTokenStreamId,
  spentByLaterPassword,
  type ResetTokenState,
} from './reset-token.js';

export interface PasswordResetDeps extends PasswordDeps {
  readonly eventStore: EventStore;
  readonly mail: MailOutbox;
  /** Where the SPA is served, e.g. https://app.example.com; reset links point there. */
  readonly publicUrl: string;
}

/**
 * Forgot password: for an existing approved or pending account, issue a one-hour, single-use
 * token (only its hash is stored) and queue the mail with the link. Any other email appends
 * nothing; the caller answers the same either way.
 */
export async function requestPasswordReset(deps: PasswordResetDeps, email: string, contextFor: ContextFor): Promise<void> {
  const user = await findUserByEmail(deps.eventStore, email);
  if (!user || (user.status !== 'approved' && user.status !== 'pending')) return;
  const ctx = contextFor({ type: 'system', reason: 'forgot-password' });
  const linkId = newResetLinkId();
  const secret = newSecret();
  const token = resetTokenOf(linkId, secret);
  const secretId = await keepSecret(deps.credentials, secret);
  const expiresAt = new Date(ctx.now.getTime() + RESET_TOKEN_TTL_MS).toISOString();
  const issue = { type: 'IssuePasswordResetToken' as const, data: { userId: user.userId, secretId, expiresAt }, metadata: commandMetadata(ctx) };
  await handleCommand(deps.eventStore, resetTokenStreamId(linkId), resetTokenAggregate, issue, ctx);
  const resetUrl = `${deps.publicUrl.replace(/\/+$/, '')}/reset-password?token=${token}`;
  await deps.mail.send(`password-reset-${linkId}`, {
    template: 'password-reset',
    to: user.email,
    // Before the email is confirmed the name is a registrant's, perhaps not the mailbox owner's: greet no one.
    data: { firstName: user.emailVerified ? user.firstName : '', resetUrl, expiresAt },
  });
}

/** GET /auth/reset-password/:token: throws 400 unless the link can still be used. */
export async function checkResetToken(deps: { eventStore: EventStore; credentials: CredentialStore }, token: string, now: Date): Promise<void> {
  const store = deps.eventStore;
  const { state } = await openResetLink(deps, token);
  if (!isUsable(state, now)) throw invalidResetLink();
  const user = await findUserById(store, state.userId);
  if (!user || spentByLaterPassword(state.issuedAt, user.credentialsChangedAt)) throw invalidResetLink();
}

/**
 * Spends the token, then sets the password. The token is spent first (appended at the revision
 * read, so it works once), which makes a crash in between cost a new link, never a second use.
 * The new password also ends every refresh session begun before it, and spends every older link.
 */
export async function resetPassword(
  deps: Omit<PasswordResetDeps, 'mail' | 'publicUrl'>,
  input: { token: string; newPassword: string },
  contextFor: ContextFor,
): Promise<Position | null> {
  const { streamId, state } = await openResetLink(deps, input.token);
  const user = state.status === 'none' ? undefined : await findUserById(deps.eventStore, state.userId);
  const ctx = contextFor(user ? { type: 'user', userId: user.userId, role: user.role } : { type: 'system', reason: 'password-reset' });
  if (!user || !isUsable(state, ctx.now) || spentByLaterPassword(state.issuedAt, user.credentialsChangedAt)) throw invalidResetLink();
  const passwordCredentialId = await keepPassword(deps, input.newPassword);
  const metadata = commandMetadata(ctx);
  await handleCommand(deps.eventStore, streamId, resetTokenAggregate, { type: 'UsePasswordResetToken', data: {}, metadata }, ctx);
  // The user decider checks the link's age again on the account's latest state, so two links used at once cannot both set it.
  const { position } = await handleCommand(
    deps.eventStore,
    userStreamId(user.userId),
    userAggregate,
    { type: 'ResetUserPassword', data: { userId: user.userId, passwordCredentialId, linkIssuedAt: state.issuedAt }, metadata },
    ctx,
  );
  return position;
}

/**
 * The link a presented token names, its state as `none` unless the token's secret is the link's
 * (checked against the credential store), so a wrong secret for a real link is as unknown as a
 * made-up link.
 */
async function openResetLink(deps: { eventStore: EventStore; credentials: CredentialStore }, token: string): Promise<{ streamId: string; state: ResetTokenState }> {
  const { streamId, secret, legacy } = resetLinkOf(token);
  const { state } = await loadState(deps.eventStore, streamId, resetTokenAggregate);
  if (state.status === 'none' || legacy) return { streamId, state };
  return { streamId, state: (await secretMatches(deps.credentials, state.secret, secret)) ? state : { status: 'none' } };
}

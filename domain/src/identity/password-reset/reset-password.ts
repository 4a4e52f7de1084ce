import type { Position } from '@concierge/platform/event-store/position';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type ContextFor } from '../../shared/command-context.js';
import { keepPassword, type PasswordDeps } from '../credentials.js';
import { userAggregate } from '../user/decide.js';
import { findUserById } from '../user/find-user.js';
import { openResetLink } from './reset-links.js';
import { invalidResetLink, isUsable, resetTokenAggregate, spentByLaterPassword } from './reset-token.js';

/**
 * Spends the token, then sets the password. The token is spent first (appended at the revision
 * read, so it works once), which makes a crash in between cost a new link, never a second use.
 * The new password also ends every refresh session begun before it, and spends every older link.
 */
export async function resetPassword(
  deps: AggregateDeps & PasswordDeps,
  input: { readonly token: string; readonly newPassword: string },
  contextFor: ContextFor,
): Promise<Position | null> {
  const { linkKey, state } = await openResetLink(deps, input.token);
  const user = state.status === 'none' ? undefined : await findUserById(deps, state.userId);
  const ctx = contextFor(user ? { type: 'user', userId: user.userId, role: user.role } : { type: 'system', reason: 'password-reset' });
  if (!user || !isUsable(state, ctx.now) || spentByLaterPassword(state.issuedAt, user.credentialsChangedAt)) throw invalidResetLink();
  const passwordCredentialId = await keepPassword(deps, input.newPassword);
  const metadata = commandMetadata(ctx);
  await resetTokenAggregate.handle(deps, linkKey, { type: 'UsePasswordResetToken', data: {}, metadata }, ctx);
  // The user decider checks the link's age again on the account's latest state, so two links used at once cannot both set it.
  const reset = { type: 'ResetUserPassword' as const, data: { userId: user.userId, passwordCredentialId, linkIssuedAt: state.issuedAt }, metadata };
  const { position } = await userAggregate.handle(deps, user.userId, reset, ctx);
  return position;
}

import type { CredentialStore } from '@concierge/platform/credential-store/port';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { findUserById } from '../user/find-user.js';
import { openResetLink } from './reset-links.js';
import { invalidResetLink, isUsable, spentByLaterPassword } from './reset-token.js';

/** GET /auth/reset-password/:token: throws 400 unless the link can still be used at `now`. */
export async function checkResetToken(
  deps: AggregateDeps & { readonly credentials: CredentialStore },
  input: { readonly token: string },
  at: { readonly now: Date },
): Promise<void> {
  const { state } = await openResetLink(deps, input.token);
  if (!isUsable(state, at.now)) throw invalidResetLink();
  const user = await findUserById(deps, state.userId);
  if (!user || spentByLaterPassword(state.issuedAt, user.credentialsChangedAt)) throw invalidResetLink();
}

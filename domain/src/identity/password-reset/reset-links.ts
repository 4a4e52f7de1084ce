import type { CredentialStore } from '@concierge/platform/credential-store/port';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { secretMatches } from '../credentials.js';
import { resetLinkOf, resetTokenAggregate, type ResetTokenState } from './reset-token.js';

/**
 * The link a presented token names, its state as `none` unless the token's secret is the link's
 * (checked against the credential store), so a wrong secret for a real link is as unknown as a
 * made-up link.
 */
export async function openResetLink(
  deps: AggregateDeps & { readonly credentials: CredentialStore },
  token: string,
): Promise<{ linkKey: string; state: ResetTokenState }> {
  const { linkKey, secret, legacy } = resetLinkOf(token);
  const state = await resetTokenAggregate.load(deps, linkKey);
  if (state.status === 'none' || legacy) return { linkKey, state };
  return { linkKey, state: (await secretMatches(deps.credentials, state.secret, secret)) ? state : { status: 'none' } };
}

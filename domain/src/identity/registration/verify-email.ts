import type { CredentialStore } from '@concierge/platform/credential-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { secretKey, secretMatches, type SecretRef } from '../credentials.js';
import { invalidVerificationLink } from '../user/email-verification.js';
import { userAggregate } from '../user/decide.js';

export interface VerifyEmailDeps extends AggregateDeps {
  readonly credentials: CredentialStore;
}

/**
 * Confirms an email with the token of its link, `<userId>.<secret>`: the id finds the account,
 * the secret (its hash compared with the newest link mailed, or with the link that already
 * confirmed it) proves the mail was read. Any other secret gets the same answer whatever the
 * account's state (unknown, unconfirmed, confirmed): the link is invalid.
 */
export async function verifyEmail(deps: VerifyEmailDeps, input: { readonly token: string }, ctx: CommandContext): Promise<Position | null> {
  const { token } = input;
  const dot = token.indexOf('.');
  if (dot <= 0) throw invalidVerificationLink();
  const userId = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  const state = await userAggregate.load(deps, userId);
  if (state.status === 'unregistered') throw invalidVerificationLink();
  const links = [state.emailVerification?.link, state.confirmedLink].filter((link): link is SecretRef => link != null);
  let linkKey: string | undefined;
  for (const link of links) if (linkKey === undefined && (await secretMatches(deps.credentials, link, secret))) linkKey = secretKey(link);
  if (linkKey === undefined) throw invalidVerificationLink();
  // The decider checks again on the stream as it is when appending: a newer registration may have replaced this link meanwhile.
  const command = { type: 'VerifyEmail' as const, data: { userId, linkKey }, metadata: commandMetadata(ctx) };
  const { position } = await userAggregate.handle(deps, userId, command, ctx);
  return position;
}

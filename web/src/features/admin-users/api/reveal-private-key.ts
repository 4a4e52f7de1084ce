import { useMutation } from '@tanstack/react-query';
import { STEP_UP_GRANT_HEADER, type PrivateKeyGrantResponse, type PrivateKeyResponse } from '@concierge/contracts';
import { api } from '../../../lib/api-client';

/** What the admin types in the step-up dialog. */
export type RevealInput = { password: string; reason: string };

const keyPath = (userId: string) => `/wallets/user/${encodeURIComponent(userId)}/private-key`;

/** POST /wallets/user/:id/private-key/grant: the admin's password again and a reason -> a single-use grant. */
export function requestPrivateKeyGrant(userId: string, input: RevealInput): Promise<PrivateKeyGrantResponse> {
  return api<PrivateKeyGrantResponse>('POST', `${keyPath(userId)}/grant`, { body: input });
}

/** GET /wallets/user/:id/private-key: spends the grant; the server records the reveal and mails every admin. */
export function getPrivateKey(userId: string, grant: string): Promise<PrivateKeyResponse> {
  return api<PrivateKeyResponse>('GET', keyPath(userId), { headers: { [STEP_UP_GRANT_HEADER]: grant } });
}

/** Step-up then reveal: the grant lives only inside this call and is spent at once. */
export async function revealPrivateKey(userId: string, input: RevealInput): Promise<PrivateKeyResponse> {
  const { grant } = await requestPrivateKeyGrant(userId, input);
  return getPrivateKey(userId, grant);
}

/**
 * A mutation, not a query: the key is never cached, refetched or retried behind the admin's back
 * (each reveal needs its own password entry); `reset()` forgets it.
 */
export function useRevealPrivateKey(userId: string) {
  return useMutation({ mutationFn: (input: RevealInput) => revealPrivateKey(userId, input), retry: false });
}

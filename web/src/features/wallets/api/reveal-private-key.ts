import { useMutation } from '@tanstack/react-query';
import { STEP_UP_GRANT_HEADER, type PrivateKeyResponse } from '@concierge/contracts';
import * as walletsRoutes from '@concierge/contracts/wallets/routes';
import { api } from '../../../lib/api-client';
import { requestPrivateKeyGrant, type RevealInput } from './request-private-key-grant';

export type { RevealInput } from './request-private-key-grant';

/** GET /wallets/user/:id/private-key: spends the grant; the server records the reveal and mails every admin. */
export function getPrivateKey(userId: string, grant: string): Promise<PrivateKeyResponse> {
  return api(walletsRoutes.privateKey, { params: { id: userId }, headers: { [STEP_UP_GRANT_HEADER]: grant } });
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

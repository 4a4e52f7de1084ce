import type { PrivateKeyGrantResponse } from '@concierge/contracts';
import * as walletsRoutes from '@concierge/contracts/wallets/routes';
import { api, withParams } from '../../../lib/api-client';

/** What the admin types in the step-up dialog. */
export type RevealInput = { password: string; reason: string };

/** POST /wallets/user/:id/private-key/grant: the admin's password again and a reason -> a single-use grant. */
export function requestPrivateKeyGrant(userId: string, input: RevealInput): Promise<PrivateKeyGrantResponse> {
  return api<PrivateKeyGrantResponse>(withParams(walletsRoutes.privateKeyGrant, { id: userId }), { body: input });
}

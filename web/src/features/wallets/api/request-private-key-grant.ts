import type { PrivateKeyGrantResponse } from '@concierge/contracts';
import * as walletsRoutes from '@concierge/contracts/wallets/routes';
import { api, type RouteBody } from '../../../lib/api-client';

/** What the admin types in the step-up dialog: their password again and a reason. */
export type RevealInput = RouteBody<typeof walletsRoutes.privateKeyGrant>;

/** POST /wallets/user/:id/private-key/grant: the admin's password again and a reason -> a single-use grant. */
export function requestPrivateKeyGrant(userId: string, input: RevealInput): Promise<PrivateKeyGrantResponse> {
  return api(walletsRoutes.privateKeyGrant, { params: { id: userId }, body: input });
}

import type { WithdrawalAddressSavedResponse } from '@concierge/contracts';
import * as addressRoutes from '@concierge/contracts/withdrawal-addresses/routes';
import { api, type RouteBody } from '../../../lib/api-client';

/** A label, the address and its network: the same body adds and edits an address. */
export type WithdrawalAddressInput = RouteBody<typeof addressRoutes.addAddress>;

/** POST /withdrawals/addresses: the first saved address becomes primary. */
export function addWithdrawalAddress(input: WithdrawalAddressInput): Promise<WithdrawalAddressSavedResponse> {
  return api(addressRoutes.addAddress, { body: input });
}

import type { WithdrawalAddressSavedResponse } from '@concierge/contracts';
import * as addressRoutes from '@concierge/contracts/withdrawal-addresses/routes';
import { api, withParams } from '../../../lib/api-client';
import type { WithdrawalAddressInput } from './add-withdrawal-address';

/** PUT /withdrawals/addresses/:id. */
export function editWithdrawalAddress(id: string, input: WithdrawalAddressInput): Promise<WithdrawalAddressSavedResponse> {
  return api<WithdrawalAddressSavedResponse>(withParams(addressRoutes.editAddress, { id }), { body: input });
}

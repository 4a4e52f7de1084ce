import type { WithdrawalAddressSavedResponse } from '@concierge/contracts';
import * as addressRoutes from '@concierge/contracts/withdrawal-addresses/routes';
import { api } from '../../../lib/api-client';
import type { WithdrawalAddressInput } from './add-withdrawal-address';

/** PUT /withdrawals/addresses/:id. */
export function editWithdrawalAddress(id: string, input: WithdrawalAddressInput): Promise<WithdrawalAddressSavedResponse> {
  return api(addressRoutes.editAddress, { params: { id }, body: input });
}

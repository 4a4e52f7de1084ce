import type { Network, WithdrawalAddressSavedResponse } from '@concierge/contracts';
import * as addressRoutes from '@concierge/contracts/withdrawal-addresses/routes';
import { api } from '../../../lib/api-client';

export interface WithdrawalAddressInput {
  readonly label: string;
  readonly address: string;
  readonly network: Network;
}

/** POST /withdrawals/addresses: the first saved address becomes primary. */
export function addWithdrawalAddress(input: WithdrawalAddressInput): Promise<WithdrawalAddressSavedResponse> {
  return api<WithdrawalAddressSavedResponse>(addressRoutes.addAddress, { body: input });
}

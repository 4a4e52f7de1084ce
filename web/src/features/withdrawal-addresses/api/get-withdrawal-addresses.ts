import type { WithdrawalAddressDto } from '@concierge/contracts';
import * as addressRoutes from '@concierge/contracts/withdrawal-addresses/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withdrawalAddressesKeys } from './query-keys';

/** GET /withdrawals/addresses: the member's saved addresses, primary first. */
export function getWithdrawalAddresses(): Promise<WithdrawalAddressDto[]> {
  return api(addressRoutes.listAddresses);
}

export const withdrawalAddressesQueryOptions = () => queryOptions({ queryKey: withdrawalAddressesKeys.list(), queryFn: getWithdrawalAddresses });

export function useWithdrawalAddresses() {
  return useQuery(withdrawalAddressesQueryOptions());
}

import type { WithdrawalAddressDto } from '@concierge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { memberMoneyKeys } from './query-keys';

/** GET /withdrawals/addresses: the member's saved addresses, primary first. */
export function getWithdrawalAddresses(): Promise<WithdrawalAddressDto[]> {
  return api<WithdrawalAddressDto[]>('GET', '/withdrawals/addresses');
}

export const withdrawalAddressesQueryOptions = () => queryOptions({ queryKey: memberMoneyKeys.addresses(), queryFn: getWithdrawalAddresses });

export function useWithdrawalAddresses() {
  return useQuery(withdrawalAddressesQueryOptions());
}

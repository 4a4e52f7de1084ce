import type { Network, WithdrawalAddressSavedResponse } from '@concierge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { CURRENT_USER_KEY } from '../current-user';
import { memberMoneyKeys } from './query-keys';

export interface WithdrawalAddressInput {
  readonly label: string;
  readonly address: string;
  readonly network: Network;
}

/** POST /withdrawals/addresses (no id: add) or PUT /withdrawals/addresses/:id (edit). */
export function saveWithdrawalAddress({ id, ...body }: WithdrawalAddressInput & { id?: string }): Promise<WithdrawalAddressSavedResponse> {
  return id === undefined
    ? api<WithdrawalAddressSavedResponse>('POST', '/withdrawals/addresses', { body })
    : api<WithdrawalAddressSavedResponse>('PUT', `/withdrawals/addresses/${encodeURIComponent(id)}`, { body });
}

/**
 * Refreshes the address book and the current user, whose primaryWithdrawalAddress may change
 * (the first saved address becomes primary; deleting the primary promotes another).
 */
export function invalidateAddressBook(queryClient: ReturnType<typeof useQueryClient>): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: memberMoneyKeys.addresses() }),
    queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  ]);
}

export function useSaveWithdrawalAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveWithdrawalAddress, onSuccess: () => invalidateAddressBook(queryClient) });
}

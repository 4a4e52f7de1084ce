import type { WithdrawalAddressSavedResponse } from '@concierge/contracts';
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { addWithdrawalAddress, type WithdrawalAddressInput } from './add-withdrawal-address';
import { editWithdrawalAddress } from './edit-withdrawal-address';
import { withdrawalAddressesKeys } from './query-keys';

export type { WithdrawalAddressInput } from './add-withdrawal-address';

/** What other entities show of the withdrawal addresses, passed by the page that composes them. */
export type WithdrawalAddressRefresh = { alsoInvalidate?: readonly QueryKey[] };

/** Adds (no id) or edits (with its id) a withdrawal address: the two halves of one form. */
export function saveWithdrawalAddress({ id, ...body }: WithdrawalAddressInput & { id?: string }): Promise<WithdrawalAddressSavedResponse> {
  return id === undefined ? addWithdrawalAddress(body) : editWithdrawalAddress(id, body);
}

/**
 * Refreshes the withdrawal addresses and `alsoInvalidate`: the settings page passes the current user,
 * whose primaryWithdrawalAddress may change (the first saved address becomes primary; deleting
 * the primary promotes another).
 */
export function invalidateWithdrawalAddresses(queryClient: QueryClient, { alsoInvalidate = [] }: WithdrawalAddressRefresh): Promise<unknown> {
  return Promise.all([withdrawalAddressesKeys.list(), ...alsoInvalidate].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useSaveWithdrawalAddress(refresh: WithdrawalAddressRefresh = {}) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveWithdrawalAddress, onSuccess: () => invalidateWithdrawalAddresses(queryClient, refresh) });
}

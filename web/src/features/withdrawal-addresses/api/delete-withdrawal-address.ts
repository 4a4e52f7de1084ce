import type { MessageAccepted } from '@concierge/contracts';
import * as addressRoutes from '@concierge/contracts/withdrawal-addresses/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateWithdrawalAddresses, type WithdrawalAddressRefresh } from './save-withdrawal-address';

/** DELETE /withdrawals/addresses/:id. */
export function deleteWithdrawalAddress(id: string): Promise<MessageAccepted> {
  return api(addressRoutes.removeAddress, { params: { id } });
}

export function useDeleteWithdrawalAddress(refresh: WithdrawalAddressRefresh = {}) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWithdrawalAddress, onSuccess: () => invalidateWithdrawalAddresses(queryClient, refresh) });
}

import type { MessageAccepted } from '@concierge/contracts';
import * as addressRoutes from '@concierge/contracts/withdrawal-addresses/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateWithdrawalAddresses, type WithdrawalAddressRefresh } from './save-withdrawal-address';

/** POST /withdrawals/addresses/:id/set-primary (an empty body). */
export function setPrimaryAddress(id: string): Promise<MessageAccepted> {
  return api(addressRoutes.setPrimaryAddress, { params: { id }, body: {} });
}

export function useSetPrimaryAddress(refresh: WithdrawalAddressRefresh = {}) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setPrimaryAddress, onSuccess: () => invalidateWithdrawalAddresses(queryClient, refresh) });
}

import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { DepositAddedResponse, DepositDto } from '@concierge/contracts';
import * as depositsRoutes from '@concierge/contracts/deposits/routes';
import { api, type RouteBody } from '../../../lib/api-client';
import type { DepositPage } from './get-deposits';
import { depositsKeys, type DepositsParams } from './query-keys';

/** POST /deposits: 409 when the transaction hash is already recorded. The amount travels as decimal text, never a float. */
export function addDeposit(deposit: RouteBody<typeof depositsRoutes.addDeposit>): Promise<DepositAddedResponse> {
  return api(depositsRoutes.addDeposit, { body: deposit });
}

/** The new deposit first on the page, without a duplicate if the list already had it. */
export function withNewDeposit(page: DepositPage, deposit: DepositDto, limit: number): DepositPage {
  const known = page.data.some((entry) => entry.id === deposit.id);
  const rest = page.data.filter((entry) => entry.id !== deposit.id);
  return { data: [deposit, ...rest].slice(0, limit), total: known ? page.total : page.total + 1 };
}

/**
 * `firstPage` is the member's deposit list on screen: the new deposit goes to its top at once;
 * then every deposit list is refetched, and `alsoInvalidate`: what else shows the deposit (the
 * page passes the member's wallet value).
 */
export function useAddDeposit(firstPage: DepositsParams, { alsoInvalidate = [] }: { alsoInvalidate?: readonly QueryKey[] } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDeposit,
    onSuccess: (response) => {
      const { message: _message, position: _position, ...deposit } = response;
      queryClient.setQueryData<DepositPage>(depositsKeys.list(firstPage), (page) => page && withNewDeposit(page, deposit, firstPage.limit));
      // Not awaited: the deposit is already on screen; the refetch (read-your-writes) only confirms it.
      for (const queryKey of [depositsKeys.all, ...alsoInvalidate]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

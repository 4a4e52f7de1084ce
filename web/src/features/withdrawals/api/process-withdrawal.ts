import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ProcessWithdrawalResponse } from '@concierge/contracts';
import * as withdrawalsRoutes from '@concierge/contracts/withdrawals/routes';
import { api, type RouteBody } from '../../../lib/api-client';
import { withdrawalsKeys } from './query-keys';

type ProcessBody = RouteBody<typeof withdrawalsRoutes.processRequest>;

/**
 * What an admin does with a withdrawal (its id and the route's body): pending -> approved or
 * rejected (with a reason), approved -> completed (with the payout's transaction hash) or
 * cancelled; after an on-chain payout failed for good, a new payout (retry) or a rejection.
 */
export type WithdrawalDecision = ProcessBody & { id: string };

export type WithdrawalAction = WithdrawalDecision['action'];

/** Only the fields of the decision's action go out; a blank cancel reason is left out. */
function bodyOf(decision: WithdrawalDecision): ProcessBody {
  switch (decision.action) {
    case 'approve':
      return { action: 'approve' };
    case 'retry':
      return { action: 'retry' };
    case 'cancel':
      return decision.reason ? { action: 'cancel', reason: decision.reason } : { action: 'cancel' };
    case 'reject':
      return { action: 'reject', rejectionReason: decision.rejectionReason };
    case 'complete':
      return { action: 'complete', transactionHash: decision.transactionHash };
    default: {
      const unknown: never = decision;
      throw new Error(`Unknown withdrawal decision ${JSON.stringify(unknown)}`);
    }
  }
}

/** POST /withdrawals/admin/requests/:id/process; an illegal move answers 409 with a message. */
export function processWithdrawal(decision: WithdrawalDecision): Promise<ProcessWithdrawalResponse> {
  return api(withdrawalsRoutes.processRequest, { params: { id: decision.id }, body: bodyOf(decision) });
}

/**
 * Refreshes every withdrawal table, and `alsoInvalidate`: what other entities show of a withdrawal
 * (the page passes the admin cards' stats, whose counts include withdrawals).
 */
export function useProcessWithdrawal({ alsoInvalidate = [] }: { alsoInvalidate?: readonly QueryKey[] } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: processWithdrawal,
    onSuccess: () => Promise.all([withdrawalsKeys.all, ...alsoInvalidate].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

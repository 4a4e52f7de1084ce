import type { ProcessWithdrawalRequest, ProcessWithdrawalResponse, WithdrawalRequestedResponse } from '@concierge/contracts';
import { reply, type SomeHandlers, type WithStorePosition } from '@concierge/platform/http/handlers';
import { cancelOwnWithdrawal } from '@concierge/domain/money/withdrawals/cancel-own-withdrawal';
import { processWithdrawal, type ProcessedWithdrawal } from '@concierge/domain/money/withdrawals/process-withdrawal';
import type { RequestedWithdrawal } from '@concierge/domain/money/withdrawals/replay';
import { requestWithdrawal } from '@concierge/domain/money/withdrawals/request-withdrawal';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';

export const WITHDRAWAL_REQUESTED_MESSAGE = 'Withdrawal request submitted successfully';
export const PROCESSED_MESSAGES = {
  approve: 'Withdrawal approved',
  reject: 'Withdrawal rejected',
  complete: 'Withdrawal completed',
  cancel: 'Withdrawal cancelled',
  retry: 'A new payout will be sent',
} as const;

/** A request's answer: the same, pending, for its replays. */
const requestedResponse = ({ withdrawalId, position }: RequestedWithdrawal): WithStorePosition<WithdrawalRequestedResponse> => ({
  message: WITHDRAWAL_REQUESTED_MESSAGE,
  withdrawalId,
  status: 'pending',
  position,
});

/** The toast for an admin's action: `approve` with the payout hash approves and completes. */
const processedMessage = (request: ProcessWithdrawalRequest): string =>
  request.action === 'approve' && request.transactionHash !== undefined ? PROCESSED_MESSAGES.complete : PROCESSED_MESSAGES[request.action];

const processedResponse = ({ status, position }: ProcessedWithdrawal, message: string): WithStorePosition<ProcessWithdrawalResponse> => ({ message, status, position });

/** The header a client may send so that resending the same request never withdraws twice. */
const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/**
 * POST /withdrawals/request (member: reserves the amount for the chosen or primary address),
 * POST /withdrawals/admin/requests/:id/process (admin: approve, reject, complete, cancel, or retry
 * a failed payout) and POST /withdrawals/:id/cancel (member: their own, with an optional reason).
 */
export function withdrawalHandlers(deps: AggregateDeps) {
  return {
    'withdrawals.request': async ({ body, caller, context, header }) => {
      const requested = await requestWithdrawal(deps, { ...body, userId: caller.userId, idempotencyKey: header(IDEMPOTENCY_KEY_HEADER) }, context);
      // As Stripe marks it: this is the original answer of an earlier request with the same key.
      return requested.replayed ? reply.body(requestedResponse(requested), { 'Idempotent-Replayed': 'true' }) : requestedResponse(requested);
    },
    'withdrawals.process': async ({ params, body, context }) =>
      processedResponse(await processWithdrawal(deps, { withdrawalId: params.id, request: body }, context), processedMessage(body)),
    'withdrawals.cancel': async ({ params, body, caller, context }) =>
      processedResponse(
        await cancelOwnWithdrawal(deps, { memberId: caller.userId, withdrawalId: params.id, reason: body?.reason ? body.reason : null }, context),
        PROCESSED_MESSAGES.cancel,
      ),
  } satisfies SomeHandlers<'command'>;
}

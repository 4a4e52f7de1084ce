import type { Request, RequestHandler } from 'express';
import { withdrawalRoutes, type ProcessWithdrawalRequest, type ProcessWithdrawalResponse, type WithdrawalRequestedResponse } from '@concierge/contracts';
import { principalOf } from '@concierge/platform/auth/authorize';
import { formatPosition } from '@concierge/platform/event-store/position';
import { inputOf } from '@concierge/platform/http/route-table';
import { cancelOwnWithdrawal } from '@concierge/domain/money/withdrawals/cancel-own-withdrawal';
import { processWithdrawal, type ProcessedWithdrawal } from '@concierge/domain/money/withdrawals/process-withdrawal';
import type { RequestedWithdrawal } from '@concierge/domain/money/withdrawals/replay';
import { requestWithdrawal } from '@concierge/domain/money/withdrawals/request-withdrawal';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';
import { callerContext } from '../../identity/request-context.js';

export const WITHDRAWAL_REQUESTED_MESSAGE = 'Withdrawal request submitted successfully';
export const PROCESSED_MESSAGES = {
  approve: 'Withdrawal approved',
  reject: 'Withdrawal rejected',
  complete: 'Withdrawal completed',
  cancel: 'Withdrawal cancelled',
  retry: 'A new payout will be sent',
} as const;

export interface WithdrawalDeps extends AggregateDeps {
  readonly now: () => Date;
}

/** A request's answer: the same, pending, for its replays. */
const requestedResponse = ({ withdrawalId, position }: RequestedWithdrawal): WithdrawalRequestedResponse => ({
  message: WITHDRAWAL_REQUESTED_MESSAGE,
  withdrawalId,
  status: 'pending',
  position: position ? formatPosition(position) : null,
});

/** The toast for an admin's action: `approve` with the payout hash approves and completes. */
const processedMessage = (request: ProcessWithdrawalRequest): string =>
  request.action === 'approve' && request.transactionHash !== undefined ? PROCESSED_MESSAGES.complete : PROCESSED_MESSAGES[request.action];

const processedResponse = ({ status, position }: ProcessedWithdrawal, message: string): ProcessWithdrawalResponse => ({
  message,
  status,
  position: position ? formatPosition(position) : null,
});

/** The header a client may send so that resending the same request never withdraws twice. */
const idempotencyKeyOf = (req: Request) => req.get('idempotency-key') ?? undefined;

/** POST /withdrawals/request (member): reserves the amount for the chosen or primary address. */
export function requestWithdrawalHandler(deps: WithdrawalDeps): RequestHandler {
  return async (req, res) => {
    const { body } = inputOf(req, withdrawalRoutes.requestWithdrawal);
    const ctx = callerContext(req, res, deps.now);
    const requested = await requestWithdrawal(deps, { ...body, userId: principalOf(req).userId, idempotencyKey: idempotencyKeyOf(req) }, ctx);
    // As Stripe marks it: this is the original answer of an earlier request with the same key.
    if (requested.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.json(requestedResponse(requested));
  };
}

/** POST /withdrawals/admin/requests/:id/process (admin): approve, reject, complete, cancel, or retry a failed payout. */
export function processWithdrawalHandler(deps: WithdrawalDeps): RequestHandler {
  return async (req, res) => {
    const { params, body } = inputOf(req, withdrawalRoutes.processRequest);
    const ctx = callerContext(req, res, deps.now);
    res.json(processedResponse(await processWithdrawal(deps, { withdrawalId: params.id, request: body }, ctx), processedMessage(body)));
  };
}

/** POST /withdrawals/:id/cancel (member): their own withdrawal, with an optional reason. */
export function cancelOwnWithdrawalHandler(deps: WithdrawalDeps): RequestHandler {
  return async (req, res) => {
    const { params, body } = inputOf(req, withdrawalRoutes.cancelOwn);
    const ctx = callerContext(req, res, deps.now);
    const reason = body?.reason ? body.reason : null;
    res.json(processedResponse(await cancelOwnWithdrawal(deps, { memberId: principalOf(req).userId, withdrawalId: params.id, reason }, ctx), PROCESSED_MESSAGES.cancel));
  };
}

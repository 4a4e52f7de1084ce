import type { Request, RequestHandler } from 'express';
import { withdrawalRoutes } from '@concierge/contracts';
import { principalOf } from '@concierge/platform/auth/authorize';
import type { EventStore } from '@concierge/platform/event-store/port';
import { inputOf } from '@concierge/platform/http/route-table';
import { cancelOwnWithdrawal, processWithdrawal, requestWithdrawal } from '@concierge/domain/money/withdrawals/withdrawals';
import { callerContext } from '../../identity/request-context.js';

export interface WithdrawalDeps {
  readonly eventStore: EventStore;
  readonly now: () => Date;
}

/** The header a client may send so that resending the same request never withdraws twice. */
const idempotencyKeyOf = (req: Request) => req.get('idempotency-key') ?? undefined;

/** POST /withdrawals/request (member): reserves the amount for the chosen or primary address. */
export function requestWithdrawalHandler(deps: WithdrawalDeps): RequestHandler {
  return async (req, res) => {
    const { body } = inputOf(req, withdrawalRoutes.requestWithdrawal);
    const ctx = callerContext(req, res, deps.now);
    const { replayed, ...answer } = await requestWithdrawal(deps.eventStore, principalOf(req).userId, body, ctx, idempotencyKeyOf(req));
    // As Stripe marks it: this is the original answer of an earlier request with the same key.
    if (replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.json(answer);
  };
}

/** POST /withdrawals/admin/requests/:id/process (admin): approve, reject, complete, cancel, or retry a failed payout. */
export function processWithdrawalHandler(deps: WithdrawalDeps): RequestHandler {
  return async (req, res) => {
    const { params, body } = inputOf(req, withdrawalRoutes.processRequest);
    const ctx = callerContext(req, res, deps.now);
    res.json(await processWithdrawal(deps.eventStore, params.id, body, ctx));
  };
}

/** POST /withdrawals/:id/cancel (member): their own withdrawal, with an optional reason. */
export function cancelOwnWithdrawalHandler(deps: WithdrawalDeps): RequestHandler {
  return async (req, res) => {
    const { params, body } = inputOf(req, withdrawalRoutes.cancelOwn);
    const ctx = callerContext(req, res, deps.now);
    const reason = body?.reason ? body.reason : null;
    res.json(await cancelOwnWithdrawal(deps.eventStore, principalOf(req).userId, params.id, reason, ctx));
  };
}

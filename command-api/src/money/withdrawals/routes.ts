import type { EventStore } from '@concierge/platform/event-store/port';
import { reply, type SomeHandlers } from '@concierge/platform/http/handlers';
import { cancelOwnWithdrawal, processWithdrawal, requestWithdrawal } from '@concierge/domain/money/withdrawals/withdrawals';

/** The header a client may send so that resending the same request never withdraws twice. */
const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/**
 * POST /withdrawals/request (member: reserves the amount for the chosen or primary address),
 * POST /withdrawals/admin/requests/:id/process (admin: approve, reject, complete, cancel, or retry
 * a failed payout) and POST /withdrawals/:id/cancel (member: their own, with an optional reason).
 */
export function withdrawalHandlers(deps: { readonly eventStore: EventStore }) {
  return {
    'withdrawals.request': async ({ body, caller, context, header }) => {
      const { replayed, ...answer } = await requestWithdrawal(deps.eventStore, caller.userId, body, context, header(IDEMPOTENCY_KEY_HEADER));
      // As Stripe marks it: this is the original answer of an earlier request with the same key.
      return replayed ? reply.body(answer, { 'Idempotent-Replayed': 'true' }) : answer;
    },
    'withdrawals.process': async ({ params, body, context }) => processWithdrawal(deps.eventStore, params.id, body, context),
    'withdrawals.cancel': async ({ params, body, caller, context }) =>
      cancelOwnWithdrawal(deps.eventStore, caller.userId, params.id, body?.reason ? body.reason : null, context),
  } satisfies SomeHandlers<'command'>;
}

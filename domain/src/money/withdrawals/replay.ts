import type { RequestWithdrawalRequest, WithdrawalRequestedResponse } from '@concierge/contracts';
import { AppError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import { formatPosition } from '@concierge/platform/event-store/position';
import { accountStreamId, type Withdrawal } from '../account/account.js';
import { destinationFor } from './destination.js';

export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different withdrawal request (another amount or address). Send a new key with a new request.';

/** The original answer of a withdrawal request, and whether this one is its replay (`Idempotent-Replayed`). */
export type WithdrawalRequestAnswer = WithdrawalRequestedResponse & { readonly replayed: boolean };

const PAGE = 500;

/** Where `WithdrawalRequested` of this withdrawal landed: the newest events are read first, as a replay follows its request closely. */
export async function requestedPosition(store: EventStore, userId: string, withdrawalId: string): Promise<string | null> {
  let fromRevision: bigint | undefined;
  for (;;) {
    const page = await store.readStream(accountStreamId(userId), { direction: 'backwards', maxCount: PAGE, ...(fromRevision === undefined ? {} : { fromRevision }) });
    const found = page.find((event) => event.type === 'WithdrawalRequested' && event.data['withdrawalId'] === withdrawalId);
    if (found) return formatPosition(found.position);
    const oldest = page.at(-1);
    if (page.length < PAGE || oldest === undefined || oldest.revision === 0n) return null;
    fromRevision = oldest.revision - 1n;
  }
}

/**
 * A client resent a withdrawal request with its `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header,
 * as Stripe does): the answer is the original one (pending, at the position the request was
 * appended), whatever became of the withdrawal since (cancelled, paid: the history says), and it is
 * not judged again against today's balance or primary address. The same key with another amount
 * or another chosen address is not a resend: 422.
 */
export async function replayWithdrawalRequest(
  store: EventStore,
  userId: string,
  earlier: { readonly withdrawalId: string; readonly withdrawal: Withdrawal },
  request: RequestWithdrawalRequest,
  message: string,
): Promise<WithdrawalRequestAnswer> {
  // A chosen address removed since cannot be told apart: only one that now names another address differs.
  const chosen = request.withdrawalAddressId === undefined ? undefined : await destinationFor(store, userId, request.withdrawalAddressId).catch(() => undefined);
  const sameAddress = chosen === undefined || chosen.address === earlier.withdrawal.destination.address;
  if (earlier.withdrawal.amountMicro !== request.amount || !sameAddress) throw new AppError(422, IDEMPOTENCY_KEY_REUSED_MESSAGE);
  const position = await requestedPosition(store, userId, earlier.withdrawalId);
  return { message, withdrawalId: earlier.withdrawalId, status: 'pending', position, replayed: true };
}

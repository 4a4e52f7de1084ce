import type { WithdrawalDestination } from '@concierge/contracts';
import { AppError } from '@concierge/platform/errors';
import type { Position } from '@concierge/platform/event-store/position';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { accountStreamId, type Withdrawal } from '../account/account.js';

export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different withdrawal request (another amount or address). Send a new key with a new request.';

/** A withdrawal request as it was decided: its id, where its `WithdrawalRequested` landed, and whether this request replayed an earlier one (`Idempotent-Replayed`). */
export interface RequestedWithdrawal {
  readonly withdrawalId: string;
  readonly position: Position | null;
  readonly replayed: boolean;
}

const PAGE = 500;

/** Where `WithdrawalRequested` of this withdrawal landed: the newest events are read first, as a replay follows its request closely. */
export async function requestedPosition(deps: AggregateDeps, userId: string, withdrawalId: string): Promise<Position | null> {
  let fromRevision: bigint | undefined;
  for (;;) {
    const page = await deps.eventStore.readStream(accountStreamId(userId), { direction: 'backwards', maxCount: PAGE, ...(fromRevision === undefined ? {} : { fromRevision }) });
    const found = page.find((event) => event.type === 'WithdrawalRequested' && event.data['withdrawalId'] === withdrawalId);
    if (found) return found.position;
    const oldest = page.at(-1);
    if (page.length < PAGE || oldest === undefined || oldest.revision === 0n) return null;
    fromRevision = oldest.revision - 1n;
  }
}

/** The earlier request a resend names, and what the resend asks for. */
export interface Resend {
  readonly userId: string;
  readonly withdrawalId: string;
  readonly earlier: Withdrawal;
  readonly amountMicro: bigint;
  /** The saved address the resend names, if it names one that still exists. */
  readonly chosen: WithdrawalDestination | undefined;
}

/**
 * A client resent a withdrawal request with its `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header,
 * as Stripe does): the answer is the original one (pending, at the position the request was
 * appended), whatever became of the withdrawal since (cancelled, paid: the history says), and it is
 * not judged again against today's balance or primary address. The same key with another amount
 * or another chosen address is not a resend: 422.
 */
export async function replayWithdrawalRequest(deps: AggregateDeps, resend: Resend): Promise<RequestedWithdrawal> {
  const { earlier, chosen } = resend;
  // A chosen address removed since cannot be told apart: only one that now names another address differs.
  const sameAddress = chosen === undefined || chosen.address === earlier.destination.address;
  if (earlier.amountMicro !== resend.amountMicro || !sameAddress) throw new AppError(422, IDEMPOTENCY_KEY_REUSED_MESSAGE);
  const position = await requestedPosition(deps, resend.userId, resend.withdrawalId);
  return { withdrawalId: resend.withdrawalId, position, replayed: true };
}

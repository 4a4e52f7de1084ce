import type { RequestWithdrawalRequest, WithdrawalDestination } from '@concierge/contracts';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import type { Withdrawal } from '../account/account.js';
import { accountAggregate, type AccountCommand } from '../account/decide.js';
import { destinationFor } from './destination.js';
import { replayWithdrawalRequest, requestedPosition, type RequestedWithdrawal } from './replay.js';
import { newWithdrawalId, referenceWithdrawal } from './withdrawal-ref.js';

/** A member's request, and the `Idempotency-Key` its client sent, if any. */
export interface WithdrawalRequestInput extends RequestWithdrawalRequest {
  readonly userId: string;
  readonly idempotencyKey?: string | undefined;
}

type Looked<T> = { readonly found: T } | { readonly refused: unknown };
const look = <T>(lookup: Promise<T>): Promise<Looked<T>> => lookup.then((found) => ({ found }), (refused: unknown) => ({ refused }));

/**
 * A member's withdrawal: reserves the amount for the chosen or primary address. The same
 * `idempotencyKey` (a client's resend of one request) names the same withdrawal, so it is never
 * made twice, and is answered with the original answer (`replayWithdrawalRequest`).
 *
 * Each attempt reads and decides the account stream once: the decision itself tells a resend (the
 * account already holds the id), and the withdrawal's reference is taken only once the decision
 * accepts the request, right before its append (`beforeAppend`).
 */
export async function requestWithdrawal(deps: AggregateDeps, input: WithdrawalRequestInput, ctx: CommandContext): Promise<RequestedWithdrawal> {
  const { userId, idempotencyKey } = input;
  const withdrawalId = newWithdrawalId(userId, idempotencyKey);
  // Looked up once, before the account: a resend does not need it and is not refused for lack of it.
  const destination = await look<WithdrawalDestination>(destinationFor(deps, userId, input.withdrawalAddressId));
  let earlier: Withdrawal | undefined;
  const decision = await accountAggregate.handle(
    deps,
    userId,
    (state): AccountCommand | null => {
      earlier = idempotencyKey === undefined ? undefined : state.withdrawals.get(withdrawalId);
      if (earlier !== undefined) return null;
      if ('refused' in destination) throw destination.refused;
      const data = { withdrawalId, userId, amountMicro: input.amount, asset: input.asset, destination: destination.found };
      return { type: 'RequestWithdrawal', data, metadata: commandMetadata(ctx) };
    },
    ctx,
    { beforeAppend: () => referenceWithdrawal(deps, { withdrawalId, userId }, ctx) },
  );
  if (earlier !== undefined) {
    const chosen = input.withdrawalAddressId !== undefined && 'found' in destination ? destination.found : undefined;
    return replayWithdrawalRequest(deps, { userId, withdrawalId, earlier, amountMicro: input.amount, chosen });
  }
  // A resend that raced its original (both in flight; the decision saw the same amount and address) is answered as a replay too.
  if (decision.events.length === 0) return { withdrawalId, position: await requestedPosition(deps, userId, withdrawalId), replayed: true };
  return { withdrawalId, position: decision.position, replayed: false };
}

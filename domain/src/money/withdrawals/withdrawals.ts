import type {
  ProcessWithdrawalRequest,
  ProcessWithdrawalResponse,
  RequestWithdrawalRequest,
  WithdrawalStatus,
} from '@concierge/contracts';
import { NotFoundError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import { formatPosition, type Position } from '@concierge/platform/event-store/position';
import type { CommandContext } from '../../shared/command-context.js';
import { WITHDRAWAL_NOT_FOUND_MESSAGE } from '../account/account.js';
import { decideAccount, type AccountCommand } from '../account/decide.js';
import { commandMetadata, handleAccountCommand, loadAccount } from '../account/handle.js';
import { claimPayoutTransaction } from '../transaction-claims/claim-transaction.js';
import { destinationFor } from './destination.js';
import { replayWithdrawalRequest, requestedPosition, type WithdrawalRequestAnswer } from './replay.js';
import { newWithdrawalId, ownerOfWithdrawal, referenceWithdrawal } from './withdrawal-ref.js';

export const WITHDRAWAL_REQUESTED_MESSAGE = 'Withdrawal request submitted successfully';
export const PROCESSED_MESSAGES = {
  approve: 'Withdrawal approved',
  reject: 'Withdrawal rejected',
  complete: 'Withdrawal completed',
  cancel: 'Withdrawal cancelled',
  retry: 'A new payout will be sent',
} as const;

const wire = (position: Position | null) => (position ? formatPosition(position) : null);

/**
 * A member's withdrawal: reserves the amount for the chosen or primary address. The same
 * `idempotencyKey` (a client's resend of one request) names the same withdrawal, so it is never
 * made twice, and is answered with the original answer (`replayWithdrawalRequest`).
 */
export async function requestWithdrawal(
  store: EventStore,
  userId: string,
  request: RequestWithdrawalRequest,
  ctx: CommandContext,
  idempotencyKey?: string,
): Promise<WithdrawalRequestAnswer> {
  const withdrawalId = newWithdrawalId(userId, idempotencyKey);
  const earlier = idempotencyKey === undefined ? undefined : (await loadAccount(store, userId)).withdrawals.get(withdrawalId);
  if (earlier) return replayWithdrawalRequest(store, userId, { withdrawalId, withdrawal: earlier }, request, WITHDRAWAL_REQUESTED_MESSAGE);
  const destination = await destinationFor(store, userId, request.withdrawalAddressId);
  const command: AccountCommand = {
    type: 'RequestWithdrawal',
    data: { withdrawalId, userId, amountMicro: request.amount, asset: request.asset, destination },
    metadata: commandMetadata(ctx),
  };
  // Refuse what is refused now (the balance, mostly) before leaving a reference behind; the
  // decision that counts is taken again on the stream below.
  decideAccount(command, await loadAccount(store, userId));
  await referenceWithdrawal(store, withdrawalId, userId, ctx);
  const { events, position } = await handleAccountCommand(store, userId, command, ctx);
  // A resend that raced its original (both in flight; the decision saw the same amount and address) is answered as a replay too.
  if (events.length === 0) return { message: WITHDRAWAL_REQUESTED_MESSAGE, withdrawalId, status: 'pending', position: await requestedPosition(store, userId, withdrawalId), replayed: true };
  return { message: WITHDRAWAL_REQUESTED_MESSAGE, withdrawalId, status: 'pending', position: wire(position), replayed: false };
}

/** The account holding a withdrawal; 404 when no reference names it (or it is not the caller's own, when `onlyOf` is given). */
async function holderOf(store: EventStore, withdrawalId: string, onlyOf?: string): Promise<string> {
  const owner = await ownerOfWithdrawal(store, withdrawalId);
  if (owner === undefined || (onlyOf !== undefined && owner !== onlyOf)) throw new NotFoundError(WITHDRAWAL_NOT_FOUND_MESSAGE);
  return owner;
}

type Completion = Extract<AccountCommand, { type: 'CompleteWithdrawal' | 'ApproveAndCompleteWithdrawal' }>;

/**
 * One payout hash completes one withdrawal, and never one a deposit credited: the hash is claimed
 * once the completion is known to be allowed, so a refused completion claims nothing.
 */
async function claimPayoutHash(store: EventStore, command: Completion, ctx: CommandContext) {
  const { userId, withdrawalId, transactionHash } = command.data;
  const decided = decideAccount(command, await loadAccount(store, userId));
  if (!decided.some((event) => event.type === 'WithdrawalCompleted')) return;
  await claimPayoutTransaction(store, transactionHash, { withdrawalId, userId }, ctx);
}

/** Decides the action's one command and appends all its events together; the position is that of the last one. */
async function decideAction(store: EventStore, userId: string, command: AccountCommand, ctx: CommandContext): Promise<Position | null> {
  if (command.type === 'CompleteWithdrawal' || command.type === 'ApproveAndCompleteWithdrawal') await claimPayoutHash(store, command, ctx);
  return (await handleAccountCommand(store, userId, command, ctx)).position;
}

/** The command an admin's action stands for, the status the withdrawal then has and the toast text. */
interface Processing {
  readonly command: AccountCommand;
  readonly status: WithdrawalStatus;
  readonly message: string;
}

function processingOf(body: ProcessWithdrawalRequest, target: { withdrawalId: string; userId: string }, ctx: CommandContext): Processing {
  const metadata = commandMetadata(ctx);
  switch (body.action) {
    case 'approve': {
      if (body.transactionHash === undefined) {
        return { command: { type: 'ApproveWithdrawal', data: target, metadata }, status: 'approved', message: PROCESSED_MESSAGES.approve };
      }
      // The original Complete modal sends `approve` with the payout hash: approve and complete in one decision.
      const data = { ...target, transactionHash: body.transactionHash, settlement: 'manual' as const };
      return { command: { type: 'ApproveAndCompleteWithdrawal', data, metadata }, status: 'completed', message: PROCESSED_MESSAGES.complete };
    }
    case 'reject': {
      const reject: AccountCommand = { type: 'RejectWithdrawal', data: { ...target, reason: body.rejectionReason }, metadata };
      return { command: reject, status: 'rejected', message: PROCESSED_MESSAGES.reject };
    }
    case 'complete': {
      const complete: AccountCommand = { type: 'CompleteWithdrawal', data: { ...target, transactionHash: body.transactionHash, settlement: 'manual' }, metadata };
      return { command: complete, status: 'completed', message: PROCESSED_MESSAGES.complete };
    }
    case 'cancel': {
      const cancel: AccountCommand = { type: 'CancelWithdrawal', data: { ...target, reason: body.reason === '' ? null : body.reason }, metadata };
      return { command: cancel, status: 'cancelled', message: PROCESSED_MESSAGES.cancel };
    }
    case 'retry': {
      const retry: AccountCommand = { type: 'RetryWithdrawalPayout', data: target, metadata };
      return { command: retry, status: 'approved', message: PROCESSED_MESSAGES.retry };
    }
    default: {
      const unexpected: never = body;
      throw new Error(`Unknown withdrawal action ${String((unexpected as { action: unknown }).action)}`);
    }
  }
}

/** An admin's action on a withdrawal, decided as one command: all its events are recorded, or none. */
export async function processWithdrawal(
  store: EventStore,
  withdrawalId: string,
  body: ProcessWithdrawalRequest,
  ctx: CommandContext,
): Promise<ProcessWithdrawalResponse> {
  const userId = await holderOf(store, withdrawalId);
  const { command, status, message } = processingOf(body, { withdrawalId, userId }, ctx);
  const position = await decideAction(store, userId, command, ctx);
  return { message, status, position: wire(position) };
}

/** A member cancels a withdrawal: only their own (404 for anyone else's), and only while pending (the decider's rule for members). */
export async function cancelOwnWithdrawal(
  store: EventStore,
  memberId: string,
  withdrawalId: string,
  reason: string | null,
  ctx: CommandContext,
): Promise<ProcessWithdrawalResponse> {
  const userId = await holderOf(store, withdrawalId, memberId);
  const command: AccountCommand = { type: 'CancelWithdrawal', data: { withdrawalId, userId, reason }, metadata: commandMetadata(ctx) };
  const position = await decideAction(store, userId, command, ctx);
  return { message: PROCESSED_MESSAGES.cancel, status: 'cancelled', position: wire(position) };
}

import type { ProcessWithdrawalRequest, WithdrawalStatus } from '@concierge/contracts';
import type { Position } from '@concierge/platform/event-store/position';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import type { AccountCommand } from '../account/decide.js';
import { actOnWithdrawal, holderOf } from './account-action.js';

/** What an action on a withdrawal did: the status the withdrawal then has, and the position of its last event (none when nothing changed). */
export interface ProcessedWithdrawal {
  readonly status: WithdrawalStatus;
  readonly position: Position | null;
}

/** The command an admin's action stands for, and the status the withdrawal then has. */
function processingOf(request: ProcessWithdrawalRequest, target: { withdrawalId: string; userId: string }, ctx: CommandContext): { command: AccountCommand; status: WithdrawalStatus } {
  const metadata = commandMetadata(ctx);
  switch (request.action) {
    case 'approve': {
      if (request.transactionHash === undefined) return { command: { type: 'ApproveWithdrawal', data: target, metadata }, status: 'approved' };
      // The original Complete modal sends `approve` with the payout hash: approve and complete in one decision.
      const data = { ...target, transactionHash: request.transactionHash, settlement: 'manual' as const };
      return { command: { type: 'ApproveAndCompleteWithdrawal', data, metadata }, status: 'completed' };
    }
    case 'reject':
      return { command: { type: 'RejectWithdrawal', data: { ...target, reason: request.rejectionReason }, metadata }, status: 'rejected' };
    case 'complete':
      return { command: { type: 'CompleteWithdrawal', data: { ...target, transactionHash: request.transactionHash, settlement: 'manual' }, metadata }, status: 'completed' };
    case 'cancel':
      return { command: { type: 'CancelWithdrawal', data: { ...target, reason: request.reason === '' ? null : request.reason }, metadata }, status: 'cancelled' };
    case 'retry':
      return { command: { type: 'RetryWithdrawalPayout', data: target, metadata }, status: 'approved' };
    default: {
      const unexpected: never = request;
      throw new Error(`Unknown withdrawal action ${String((unexpected as { action: unknown }).action)}`);
    }
  }
}

/** An admin's action on a withdrawal (approve, reject, complete, cancel, retry a failed payout), decided as one command: all its events are recorded, or none. */
export async function processWithdrawal(
  deps: AggregateDeps,
  input: { readonly withdrawalId: string; readonly request: ProcessWithdrawalRequest },
  ctx: CommandContext,
): Promise<ProcessedWithdrawal> {
  const userId = await holderOf(deps, input.withdrawalId);
  const { command, status } = processingOf(input.request, { withdrawalId: input.withdrawalId, userId }, ctx);
  return { status, position: await actOnWithdrawal(deps, userId, command, ctx) };
}

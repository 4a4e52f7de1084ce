import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import type { AccountCommand } from '../account/decide.js';
import { actOnWithdrawal, holderOf } from './account-action.js';
import type { ProcessedWithdrawal } from './process-withdrawal.js';

/** A member cancels a withdrawal: only their own (404 for anyone else's), and only while pending (the decider's rule for members). */
export async function cancelOwnWithdrawal(
  deps: AggregateDeps,
  input: { readonly memberId: string; readonly withdrawalId: string; readonly reason: string | null },
  ctx: CommandContext,
): Promise<ProcessedWithdrawal> {
  const { withdrawalId, reason } = input;
  const userId = await holderOf(deps, withdrawalId, input.memberId);
  const command: AccountCommand = { type: 'CancelWithdrawal', data: { withdrawalId, userId, reason }, metadata: commandMetadata(ctx) };
  return { status: 'cancelled', position: await actOnWithdrawal(deps, userId, command, ctx) };
}

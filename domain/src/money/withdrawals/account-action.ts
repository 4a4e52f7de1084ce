import { NotFoundError } from '@concierge/platform/errors';
import type { Position } from '@concierge/platform/event-store/position';
import type { AggregateDeps } from '../../shared/aggregate.js';
import type { CommandContext } from '../../shared/command-context.js';
import { WITHDRAWAL_NOT_FOUND_MESSAGE, type AccountEvent } from '../account/account.js';
import { accountAggregate, type AccountCommand } from '../account/decide.js';
import { claimPayoutTransaction } from '../transaction-claims/claim-transaction.js';
import { ownerOfWithdrawal } from './withdrawal-ref.js';

/** The account holding a withdrawal; 404 when no reference names it (or it is not the caller's own, when `onlyOf` is given). */
export async function holderOf(deps: AggregateDeps, withdrawalId: string, onlyOf?: string): Promise<string> {
  const owner = await ownerOfWithdrawal(deps, withdrawalId);
  if (owner === undefined || (onlyOf !== undefined && owner !== onlyOf)) throw new NotFoundError(WITHDRAWAL_NOT_FOUND_MESSAGE);
  return owner;
}

/**
 * One payout hash completes one withdrawal, and never one a deposit credited: a decision that
 * completes a withdrawal claims its hash before it is appended, so a refused completion claims nothing.
 */
async function claimPayoutHash(deps: AggregateDeps, events: readonly AccountEvent[], ctx: CommandContext): Promise<void> {
  for (const event of events) {
    if (event.type !== 'WithdrawalCompleted') continue;
    const { transactionHash, withdrawalId, userId } = event.data;
    await claimPayoutTransaction(deps, { transactionHash, withdrawalId, userId }, ctx);
  }
}

/**
 * Decides a withdrawal action's one command and appends all its events together; the position is
 * that of the last one. Each attempt reads and decides the account stream once.
 */
export async function actOnWithdrawal(deps: AggregateDeps, userId: string, command: AccountCommand, ctx: CommandContext): Promise<Position | null> {
  const decision = await accountAggregate.handle(deps, userId, command, ctx, { beforeAppend: (events) => claimPayoutHash(deps, events, ctx) });
  return decision.position;
}

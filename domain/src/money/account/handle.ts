import type { EventStore } from '@concierge/platform/event-store/port';
import { CONTENDED_RETRY, handleCommand, loadState, type CommandResult } from '../../shared/aggregate.js';
import type { CommandContext } from '../../shared/command-context.js';
import { accountStreamId, type AccountEvent, type AccountState } from './account.js';
import { accountAggregate, type AccountCommand } from './decide.js';

/** Kept here for the account's callers; one helper for every context (see shared/command-context.ts). */
export { commandMetadata } from '../../shared/command-context.js';

/** Decides one command on `account-<userId>` and appends all its events at once, at the revision it decided on. */
export function handleAccountCommand(
  store: EventStore,
  userId: string,
  command: AccountCommand,
  ctx: CommandContext,
): Promise<CommandResult<AccountState, AccountEvent>> {
  return handleCommand(store, accountStreamId(userId), accountAggregate, command, ctx, CONTENDED_RETRY);
}

/** The member's account as its events tell it. */
export async function loadAccount(store: EventStore, userId: string): Promise<AccountState> {
  return (await loadState(store, accountStreamId(userId), accountAggregate)).state;
}

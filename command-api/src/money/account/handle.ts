import type { CommandMetadata } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import { handleCommand, loadState, type RetryPolicy } from '../../shared/aggregate.js';
import type { CommandContext } from '../../shared/command-context.js';
import { accountStreamId, type AccountEvent, type AccountState } from './account.js';
import { accountAggregate, type AccountCommand } from './decide.js';

/** The contracts' command metadata for a request or job context (the decider reads time and actor from it). */
export function commandMetadata(ctx: CommandContext): CommandMetadata {
  return { actor: ctx.actor, now: ctx.now.toISOString(), correlationId: ctx.correlationId, commandId: ctx.causationId };
}

/**
 * A member's requests race on one stream (50 withdrawal requests at once must each get a real
 * answer, not "changed by someone else"), so this retries a lost race more often than the shared
 * default, with a short random pause so the racers spread out. Each retry decides on the fresh
 * state: the balance is never judged on stale facts.
 */
const ACCOUNT_RETRY: RetryPolicy = {
  attempts: 60,
  pause: (attempt) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 * attempt, 25))),
};

/** Decides one command on `account-<userId>` and appends its events with the revision it decided on. */
export function handleAccountCommand(
  store: EventStore,
  userId: string,
  command: AccountCommand,
  ctx: CommandContext,
): Promise<{ events: AccountEvent[]; position: Position | null }> {
  return handleCommand(store, accountStreamId(userId), accountAggregate, command, ctx, ACCOUNT_RETRY);
}

/** The member's account as its events tell it. */
export async function loadAccount(store: EventStore, userId: string): Promise<AccountState> {
  return (await loadState(store, accountStreamId(userId), accountAggregate)).state;
}

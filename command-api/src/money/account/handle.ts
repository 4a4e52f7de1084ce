import type { CommandMetadata } from '@concierge/contracts';
import { WrongExpectedRevisionError, type EventStore } from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import { loadState } from '../../shared/aggregate.js';
import { toNewEvents, type CommandContext } from '../../shared/command-context.js';
import { accountStreamId, type AccountEvent, type AccountState } from './account.js';
import { accountAggregate, type AccountCommand } from './decide.js';

/** The contracts' command metadata for a request or job context (the decider reads time and actor from it). */
export function commandMetadata(ctx: CommandContext): CommandMetadata {
  return { actor: ctx.actor, now: ctx.now.toISOString(), correlationId: ctx.correlationId, commandId: ctx.causationId };
}

/**
 * A member's requests race on one stream (50 withdrawal requests at once must each get a real
 * answer, not "changed by someone else"), so this retries a lost race more often than the shared
 * `handleCommand`, with a short random pause so the racers spread out. Each retry decides on the
 * fresh state: the balance is never judged on stale facts.
 */
const MAX_ATTEMPTS = 60;

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 * attempt, 25)));

/** Decides one command on `account-<userId>` and appends its events with the revision it decided on. */
export async function handleAccountCommand(
  store: EventStore,
  userId: string,
  command: AccountCommand,
  ctx: CommandContext,
): Promise<{ events: AccountEvent[]; position: Position | null }> {
  const streamId = accountStreamId(userId);
  for (let attempt = 1; ; attempt += 1) {
    const { state, revision } = await loadState(store, streamId, accountAggregate);
    const events = accountAggregate.decide(command, state);
    if (events.length === 0) return { events, position: null };
    try {
      const result = await store.appendToStream(streamId, toNewEvents(events, ctx), { expectedRevision: revision });
      return { events, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
      await pause(attempt);
    }
  }
}

/** The member's account as its events tell it. */
export async function loadAccount(store: EventStore, userId: string): Promise<AccountState> {
  return (await loadState(store, accountStreamId(userId), accountAggregate)).state;
}

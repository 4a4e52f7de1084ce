import { eventSchemas, isEventType } from '@concierge/contracts';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type ExpectedRevision,
  type RecordedEvent,
} from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import { toNewEvents, type CommandContext, type DomainEvent } from './command-context.js';

export interface Aggregate<S, E extends DomainEvent, C> {
  readonly initialState: S;
  evolve(state: S, event: E): S;
  /** Pure: the events a command produces from the current state, or a thrown domain error. */
  decide(command: C, state: S): E[];
}

/** Turns a stored event back into a typed domain event, validating it against its contract. */
export function toDomainEvent<E extends DomainEvent>(recorded: RecordedEvent): E {
  if (!isEventType(recorded.type)) throw new Error(`Unknown event type ${recorded.type} in ${recorded.streamId}`);
  const data = eventSchemas[recorded.type].parse(recorded.data) as Record<string, unknown>;
  return { type: recorded.type, data } as E;
}

export async function loadState<S, E extends DomainEvent, C>(
  store: EventStore,
  streamId: string,
  aggregate: Aggregate<S, E, C>,
): Promise<{ state: S; revision: ExpectedRevision }> {
  const recorded = await store.readStream(streamId);
  const state = recorded.reduce((s, r) => aggregate.evolve(s, toDomainEvent<E>(r)), aggregate.initialState);
  const last = recorded[recorded.length - 1];
  return { state, revision: last ? last.revision : 'no_stream' };
}

/** How often a command is decided again after losing an append race, and how long to wait in between. */
export interface RetryPolicy {
  readonly attempts: number;
  /** Awaited before attempt `attempt + 1`; none by default, a plain re-read usually wins. */
  readonly pause?: (attempt: number) => Promise<void>;
}

const DEFAULT_RETRY: RetryPolicy = { attempts: 3 };

/**
 * For streams that many requests write at once (a member's account, an admin's step-ups, the
 * account an email belongs to): each racer must get a real answer, not "changed by someone
 * else", so a lost race is decided again, often, after a short random pause that spreads them out.
 */
export const CONTENDED_RETRY: RetryPolicy = {
  attempts: 60,
  pause: (attempt) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 * attempt, 25))),
};

/**
 * Read, decide, append with the revision read. A concurrent writer makes the append fail;
 * we then decide again on the new state, so a command never acts on stale facts.
 */
export async function handleCommand<S, E extends DomainEvent, C>(
  store: EventStore,
  streamId: string,
  aggregate: Aggregate<S, E, C>,
  command: C,
  ctx: CommandContext,
  retry: RetryPolicy = DEFAULT_RETRY,
): Promise<{ events: E[]; position: Position | null }> {
  for (let attempt = 1; ; attempt += 1) {
    const { state, revision } = await loadState(store, streamId, aggregate);
    const events = aggregate.decide(command, state);
    if (events.length === 0) return { events, position: null };
    try {
      const result = await store.appendToStream(streamId, toNewEvents(events, ctx), { expectedRevision: revision });
      return { events, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= retry.attempts) throw error;
      await retry.pause?.(attempt);
    }
  }
}

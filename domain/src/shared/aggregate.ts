import { eventSchemas, isEventType } from '@concierge/contracts';
import { WrongExpectedRevisionError, type EventStore, type ExpectedRevision, type RecordedEvent } from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import { toNewEvents, type CommandContext, type DomainEvent } from './command-context.js';
import { foldStream, rememberAppend, type Evolver, type Fold } from './state-loader.js';

export interface Aggregate<S, E extends DomainEvent, C> extends Evolver<S, E> {
  readonly initialState: S;
  evolve(state: S, event: E): S;
  /** Pure: the events a command produces from the current state, or a thrown domain error. */
  decide(command: C, state: S): E[];
  /** Opts the aggregate into cached states and snapshots, kept under this name (see `withAggregateStates`). */
  readonly name?: string;
  /**
   * The format of its snapshots: bump it whenever `evolve` or the state's shape changes, so a
   * snapshot folded by the old `evolve` is ignored (and replaced) rather than trusted.
   */
  readonly snapshotVersion?: number;
}

function parseEvent<E extends DomainEvent>(type: string, data: unknown, streamId: string): E {
  if (!isEventType(type)) throw new Error(`Unknown event type ${type} in ${streamId}`);
  const event: DomainEvent = { type, data: eventSchemas[type].parse(data) };
  return event as E;
}

/** Turns a stored event back into a typed domain event, validating it against its contract. */
export function toDomainEvent<E extends DomainEvent>(recorded: RecordedEvent): E {
  return parseEvent<E>(recorded.type, recorded.data, recorded.streamId);
}

/** A decided event as a reader of the stream will get it back, so the state handed on equals a replay's. */
const asStored = <E extends DomainEvent>(event: E, streamId: string): E => parseEvent<E>(event.type, JSON.parse(JSON.stringify(event.data)), streamId);

const expectedRevisionOf = (fold: Fold<unknown>): ExpectedRevision => (fold.revision < 0n ? 'no_stream' : fold.revision);

export async function loadState<S, E extends DomainEvent, C>(
  store: EventStore,
  streamId: string,
  aggregate: Aggregate<S, E, C>,
): Promise<{ state: S; revision: ExpectedRevision }> {
  const fold = await foldStream(store, streamId, aggregate, toDomainEvent<E>);
  return { state: fold.state, revision: expectedRevisionOf(fold) };
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

/** What one decision did: the state after it, its events (none when nothing was to change) and the position of the last one. */
export interface CommandResult<S, E> {
  readonly newState: S;
  readonly events: E[];
  readonly position: Position | null;
}

/**
 * Load the state, decide, append every event of the decision in one append at the revision the
 * state was folded from. A concurrent writer makes the append fail; we then fold the new events
 * and decide again, so a command never acts on stale facts and a decision is never half recorded.
 */
export async function handleCommand<S, E extends DomainEvent, C>(
  store: EventStore,
  streamId: string,
  aggregate: Aggregate<S, E, C>,
  command: C,
  ctx: CommandContext,
  retry: RetryPolicy = DEFAULT_RETRY,
): Promise<CommandResult<S, E>> {
  for (let attempt = 1; ; attempt += 1) {
    const before = await foldStream(store, streamId, aggregate, toDomainEvent<E>);
    const events = aggregate.decide(command, before.state);
    if (events.length === 0) return { newState: before.state, events, position: null };
    try {
      const appended = toNewEvents(events, ctx);
      const result = await store.appendToStream(streamId, appended, { expectedRevision: expectedRevisionOf(before) });
      const newState = events.reduce((s, e) => aggregate.evolve(s, asStored(e, streamId)), before.state);
      rememberAppend(store, streamId, aggregate, before, { state: newState, appended, nextRevision: result.nextRevision });
      return { newState, events, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= retry.attempts) throw error;
      await retry.pause?.(attempt);
    }
  }
}

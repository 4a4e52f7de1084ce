import { eventSchemas, isEventType } from '@concierge/contracts';
import { WrongExpectedRevisionError, type ExpectedRevision, type RecordedEvent } from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import type { AggregateDeps } from './aggregate-states.js';
import { toNewEvents, type CommandContext, type DomainEvent } from './command-context.js';
import { foldStream, rememberAppend, type Fold, type SnapshotSettings } from './state-loader.js';

export type { AggregateDeps } from './aggregate-states.js';
export type { SnapshotSettings } from './state-loader.js';

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

/** An aggregate as `defineAggregate` takes it: where its instances live, its pure decider, and how its states are kept. */
export interface AggregateDefinition<S, E extends DomainEvent, C> {
  /** The stream of one instance, from its id. */
  readonly streamOf: (id: string) => string;
  readonly initialState: S;
  evolve(state: S, event: E): S;
  /** Pure: the events a command produces from the current state, or a thrown domain error. */
  decide(command: C, state: S): E[];
  /** How a lost append race is decided again; three plain attempts unless said. */
  readonly retry?: RetryPolicy;
  /** Under which name and format the cache and snapshots keep its states. */
  readonly snapshot: SnapshotSettings;
}

/**
 * The command to decide, or a function of the state that gives it: for a use case whose command
 * depends on what the stream holds. It answers null when there is nothing to decide (the use
 * case then answers from the state the decision returns); it runs again on every attempt.
 */
export type CommandOf<S, C> = C | ((state: S) => C | null | Promise<C | null>);

export interface HandleOptions<S, E> {
  /**
   * Runs in every attempt whose decision has events, after deciding and before appending them:
   * the place for reservations in other streams (a withdrawal's reference, a payout hash, a
   * unique name) that only an accepted decision may take. Throwing refuses the command and
   * appends nothing. It must be safe to run again for the same decision: a lost race runs it again.
   */
  readonly beforeAppend?: (events: readonly E[], state: S) => Promise<unknown>;
}

/** What one decision did: the state it was decided on, the state after it, its events (none when nothing was to change) and the position of the last one. */
export interface Decision<S, E> {
  readonly decidedOn: S;
  readonly newState: S;
  readonly events: E[];
  readonly position: Position | null;
}

/** An aggregate bound to its stream, retry and snapshots: what use cases load and decide with. */
export interface Aggregate<S, E extends DomainEvent, C> extends AggregateDefinition<S, E, C> {
  /** The instance's state as its events tell it (from this process's cache or a snapshot when it has one). */
  load(deps: AggregateDeps, id: string): Promise<S>;
  /**
   * Loads the state, decides, and appends every event of the decision in one append at the
   * revision the state was folded from. A concurrent writer makes the append fail; the new events
   * are then folded and the command decided again, so it never acts on stale facts and a decision
   * is never half recorded. Each attempt reads the stream once and decides once.
   */
  handle(deps: AggregateDeps, id: string, command: CommandOf<S, C>, ctx: CommandContext, options?: HandleOptions<S, E>): Promise<Decision<S, E>>;
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

/** Binds an aggregate once to its stream, retry policy and snapshot name; see `Aggregate`. */
export function defineAggregate<S, E extends DomainEvent, C>(definition: AggregateDefinition<S, E, C>): Aggregate<S, E, C> {
  const retry = definition.retry ?? DEFAULT_RETRY;
  const fold = (deps: AggregateDeps, streamId: string) => foldStream(deps.eventStore, deps.aggregateStates, streamId, definition, toDomainEvent<E>);

  async function handle(deps: AggregateDeps, id: string, command: CommandOf<S, C>, ctx: CommandContext, options: HandleOptions<S, E> = {}): Promise<Decision<S, E>> {
    const streamId = definition.streamOf(id);
    for (let attempt = 1; ; attempt += 1) {
      const before = await fold(deps, streamId);
      const toDecide = typeof command === 'function' ? await (command as (state: S) => C | null | Promise<C | null>)(before.state) : command;
      const events = toDecide === null ? [] : definition.decide(toDecide, before.state);
      if (events.length === 0) return { decidedOn: before.state, newState: before.state, events, position: null };
      // Outside the append's try: a reservation's own lost race is the reservation's to handle, not a reason to decide again.
      await options.beforeAppend?.(events, before.state);
      try {
        const appended = toNewEvents(events, ctx);
        const result = await deps.eventStore.appendToStream(streamId, appended, { expectedRevision: expectedRevisionOf(before) });
        const newState = events.reduce((s, e) => definition.evolve(s, asStored(e, streamId)), before.state);
        rememberAppend(deps.aggregateStates, streamId, definition, before, { state: newState, appended, nextRevision: result.nextRevision });
        return { decidedOn: before.state, newState, events, position: result.position };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= retry.attempts) throw error;
        await retry.pause?.(attempt);
      }
    }
  }

  return {
    ...definition,
    retry,
    load: async (deps, id) => (await fold(deps, definition.streamOf(id))).state,
    handle,
  };
}

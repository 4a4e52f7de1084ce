import { dispatchOf, type EventSelection, type Handlers, type ParsedEvent } from '../projections/runtime/handlers.js';

/** What a reactor's handlers add their effects to during one batch (a bulk of jobs, say); committed before the checkpoint moves. */
export interface ReactorBatch {
  commit(): Promise<void>;
}

export interface ReactorDefinition<B extends ReactorBatch> {
  /** Also the name of its checkpoint in the read store; must not clash with a projection's. */
  readonly name: string;
  /** Where a first run begins: 'head' (default) skips history; 'start' replays it, for effects the past also needs. */
  readonly startFrom?: 'head' | 'start';
  /** Opens a batch's effects, handed to each handler as `tx`; without it handlers act on their own. */
  readonly batch?: () => B;
  /** One handler per event type it follows, keyed by event id so that a repeat is a no-op. */
  readonly on: Handlers<B>;
}

/**
 * Follows the event store in global order, like a projection, but acts on the outside world
 * (enqueues mail, appends commands) instead of writing documents. Such effects cannot share the
 * read store's transaction, so they must be idempotent: a crash after the effects and before the
 * checkpoint moves delivers the same events again.
 */
export interface Reactor extends EventSelection {
  readonly kind: 'reactor';
  readonly name: string;
  readonly startFrom: 'head' | 'start';
  /** Runs the handlers over one batch's followed events, in order, then commits the batch's effects. */
  react(events: readonly ParsedEvent[]): Promise<void>;
}

const noBatch = (): ReactorBatch => ({ commit: async () => {} });

export function defineReactor<B extends ReactorBatch = ReactorBatch>(definition: ReactorDefinition<B>): Reactor {
  const { eventTypes, select, handle } = dispatchOf(definition.name, definition.on);
  const open = definition.batch ?? (noBatch as () => B);
  return {
    kind: 'reactor',
    name: definition.name,
    startFrom: definition.startFrom ?? 'head',
    eventTypes,
    select,
    async react(events) {
      const batch = open();
      for (const event of events) await handle(event, batch);
      await batch.commit();
    },
  };
}

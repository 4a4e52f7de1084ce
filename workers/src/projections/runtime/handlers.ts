import { eventSchemas, isEventType, type EventData, type EventType } from '@concierge/contracts';
import type { RecordedEvent } from '@concierge/platform/event-store/port';

/** A recorded event as a handler sees it: its data already parsed by the event's contract schema. */
export type ParsedEvent<T extends EventType = EventType> = {
  [K in T]: Omit<RecordedEvent, 'type' | 'data'> & { readonly type: K; readonly data: EventData<K> };
}[T];

/** What a processor does with one event of type `T`; `tx` is what the processor's kind hands it (see runtime/catch-up.ts). */
export type Handler<T extends EventType, Tx> = (event: ParsedEvent<T>, tx: Tx) => Promise<void> | void;

/**
 * A processor's `on`: one handler per event type it follows, keyed by the type's name in contracts'
 * `eventSchemas` (an unknown name does not compile). The keys are the types it follows.
 */
export type Handlers<Tx> = { readonly [T in EventType]?: Handler<T, Tx> };

/** An event of a followed type whose data its schema refuses: the processor stops here rather than skip it. */
export class EventDataError extends Error {
  override readonly name = 'EventDataError';
  constructor(
    readonly processor: string,
    readonly event: Pick<RecordedEvent, 'streamId' | 'revision' | 'type' | 'id'>,
    readonly issues: string,
  ) {
    super(`${processor} stopped at ${event.type} ${event.streamId}@${event.revision} (event ${event.id}): its data does not match the ${event.type} schema: ${issues}`);
  }
}

/** The event types a processor follows (its `on`'s keys), and how it picks them out of a batch. */
export interface EventSelection {
  readonly eventTypes: ReadonlySet<EventType>;
  /** The batch's events of followed types, in order, each parsed once; throws EventDataError on the first refused one. */
  readonly select: (batch: readonly RecordedEvent[]) => ParsedEvent[];
  /** True when `select` keeps events of every type, known to this build or not (the audit index): such a processor reads $all in full and wakes on every event. */
  readonly everyType?: boolean;
}

/** A processor's `on` as the runtime calls it. */
export interface Dispatch<Tx> extends EventSelection {
  /** Calls the handler of the event's type. */
  readonly handle: (event: ParsedEvent, tx: Tx) => Promise<void>;
}

export function dispatchOf<Tx>(processor: string, on: Handlers<Tx>): Dispatch<Tx> {
  const eventTypes = new Set(Object.keys(on).filter(isEventType));
  const unknown = Object.keys(on).filter((type) => !isEventType(type));
  // The type already refuses these; this holds for handler maps built at run time too.
  if (unknown.length > 0) throw new Error(`${processor} has handlers for unknown event types: ${unknown.join(', ')}`);

  function parse(event: RecordedEvent & { type: EventType }): ParsedEvent {
    const result = eventSchemas[event.type].safeParse(event.data);
    if (!result.success) {
      const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`).join('; ');
      throw new EventDataError(processor, event, issues);
    }
    return { ...event, data: result.data } as ParsedEvent;
  }

  return {
    eventTypes,
    select(batch) {
      const followed: ParsedEvent[] = [];
      for (const event of batch) {
        if (eventTypes.has(event.type as EventType)) followed.push(parse(event as RecordedEvent & { type: EventType }));
      }
      return followed;
    },
    async handle(event, tx) {
      // Each key's handler takes that key's event: the lookup by the event's own type keeps them paired.
      const handler = on[event.type] as Handler<EventType, Tx> | undefined;
      await handler?.(event, tx);
    },
  };
}

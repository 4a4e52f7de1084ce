import { eventSchemas, isEventType } from '@concierge/contracts';
import type { RecordedEvent } from '@concierge/platform/event-store/port';
import type { ParsedEvent } from '../runtime/handlers.js';
import type { Projection, ProjectionContext } from '../runtime/projection.js';

export interface EnvelopeProjectionDefinition {
  readonly name: string;
  readonly readModels: readonly string[];
  /** Reads only the envelope (stream, revision, position, type, metadata), never `data`. */
  readonly apply: (event: RecordedEvent, tx: ProjectionContext) => Promise<void>;
}

/**
 * A projection of every event in the store, unlike `defineProjection`, which follows the types it
 * names and stops on data its schema refuses: an audit index must list an event of a type this
 * build does not know, or whose data an older schema wrote, since it never reads the data.
 */
export function defineEnvelopeProjection(definition: EnvelopeProjectionDefinition): Projection {
  return {
    kind: 'projection',
    name: definition.name,
    readModels: definition.readModels,
    eventTypes: new Set(Object.keys(eventSchemas).filter(isEventType)),
    everyType: true,
    // Unparsed on purpose: `apply` takes the recorded event as it is and never looks at its data.
    select: (batch) => batch as unknown as ParsedEvent[],
    handle: (event, tx) => definition.apply(event, tx),
  };
}

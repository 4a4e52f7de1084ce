import type { ReadModelDoc } from '@concierge/platform/read-store/port';
import { dispatchOf, type Dispatch, type Handlers } from './handlers.js';

/** What a projection may do to its own documents while applying one event. */
export interface ProjectionCollection<T extends ReadModelDoc> {
  get(id: string): Promise<T | undefined>;
  upsert(doc: T): Promise<void>;
  /** Merges top-level fields into an existing document; false when it does not exist. */
  update(id: string, changes: Partial<Omit<T, 'id'>>): Promise<boolean>;
  delete(id: string): Promise<boolean>;
}

/** A projection handler's `tx`: the batch's unit of work, committed with the checkpoint in one read-store transaction. */
export interface ProjectionContext {
  collection<T extends ReadModelDoc>(name: string): ProjectionCollection<T>;
}

/** A projection's handlers: `on: { UserRegistered(event, tx) {...} }`. */
export type ProjectionHandlers = Handlers<ProjectionContext>;

export interface ProjectionDefinition {
  /** Also the name of its checkpoint in the read store. */
  readonly name: string;
  /** The collections it writes: a rebuild drops exactly these. */
  readonly readModels: readonly string[];
  /** One handler per event type it follows; the runtime parses each event's data before calling it. */
  readonly on: ProjectionHandlers;
}

/**
 * One read model, built from events in global order. Handlers must be deterministic (time comes
 * from the event, never the clock) so a rebuild gives the same documents.
 */
export interface Projection extends Dispatch<ProjectionContext> {
  readonly kind: 'projection';
  readonly name: string;
  readonly readModels: readonly string[];
}

export function defineProjection(definition: ProjectionDefinition): Projection {
  return { kind: 'projection', name: definition.name, readModels: definition.readModels, ...dispatchOf(definition.name, definition.on) };
}

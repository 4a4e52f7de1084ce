import type { RecordedEvent } from '@concierge/platform/event-store/port';
import type { ReadModelDoc } from '@concierge/platform/read-store/port';

/** What a projection may do to its own documents while applying one event. */
export interface ProjectionCollection<T extends ReadModelDoc> {
  get(id: string): Promise<T | undefined>;
  upsert(doc: T): Promise<void>;
  /** Merges top-level fields into an existing document; false when it does not exist. */
  update(id: string, changes: Partial<Omit<T, 'id'>>): Promise<boolean>;
  delete(id: string): Promise<boolean>;
}

export interface ProjectionContext {
  collection<T extends ReadModelDoc>(name: string): ProjectionCollection<T>;
}

/**
 * One read model, built from events in global order. `apply` must be deterministic (time comes
 * from the event, never the clock) so a rebuild gives the same documents.
 */
export interface Projection {
  readonly name: string;
  readonly collections: readonly string[];
  readonly eventTypes: ReadonlySet<string>;
  apply(event: RecordedEvent, ctx: ProjectionContext): Promise<void>;
}

import type { EventStore } from '@concierge/platform/event-store/port';
import type { SomeHandlers } from '@concierge/platform/http/handlers';
import { notImplemented } from '@concierge/platform/http/route-table';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { listStreams, searchEvents } from './queries.js';
import { readStreamPage } from './stream.js';

export interface AuditQueryDeps {
  readonly readStore: ReadStore;
  /** The stream view reads the events themselves; without a store those routes stay unbuilt (501). */
  readonly eventStore?: EventStore | undefined;
}

/** Handlers of the auditors' stream browser, stream view and event search, by route id. */
export function auditQueryHandlers(deps: AuditQueryDeps) {
  const { eventStore } = deps;
  if (!eventStore) return { 'audit.streams': notImplemented, 'audit.stream': notImplemented, 'audit.all': notImplemented } satisfies SomeHandlers<'query'>;
  return {
    'audit.streams': async ({ query }) => listStreams(deps.readStore, query),
    'audit.stream': async ({ params, query }) => readStreamPage(eventStore, params.streamId, query),
    'audit.all': async ({ query }) => searchEvents(deps.readStore, query),
  } satisfies SomeHandlers<'query'>;
}

import type { RequestHandler } from 'express';
import { auditRoutes } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import { inputOf } from '@concierge/platform/http/route-table';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { listStreams, searchEvents } from './queries.js';
import { readStreamPage } from './stream.js';

export interface AuditQueryDeps {
  readonly readStore: ReadStore;
  /** The stream view reads the events themselves; without a store those routes stay unbuilt (501). */
  readonly eventStore?: EventStore;
}

/** Handlers of the auditors' stream browser, stream view and event search, by route id. */
export function auditQueryHandlers(deps: AuditQueryDeps): Record<string, RequestHandler> {
  const { eventStore } = deps;
  if (!eventStore) return {};
  return {
    [auditRoutes.listStreams.id]: async (req, res) => {
      const { query } = inputOf(req, auditRoutes.listStreams);
      res.json(await listStreams(deps.readStore, query));
    },
    [auditRoutes.readStream.id]: async (req, res) => {
      const { params, query } = inputOf(req, auditRoutes.readStream);
      res.json(await readStreamPage(eventStore, params.streamId, query));
    },
    [auditRoutes.readAll.id]: async (req, res) => {
      const { query } = inputOf(req, auditRoutes.readAll);
      res.json(await searchEvents(deps.readStore, query));
    },
  };
}

import type { RequestHandler } from 'express';
import { subscriptionRoutes } from '@concierge/contracts';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { listPlans } from './queries.js';

/** Handlers of the routes served from the plans read model, by route id. */
export function planQueryHandlers(deps: { readonly readStore: ReadStore }): Record<string, RequestHandler> {
  return {
    [subscriptionRoutes.listPlans.id]: async (_req, res) => {
      res.json(await listPlans(deps.readStore));
    },
  };
}

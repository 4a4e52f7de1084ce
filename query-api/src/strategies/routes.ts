import type { RequestHandler } from 'express';
import { strategyRoutes } from '@concierge/contracts';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { listStrategies } from './queries.js';

/** Handlers of the routes served from the strategies read model, by route id. */
export function strategyQueryHandlers(deps: { readonly readStore: ReadStore }): Record<string, RequestHandler> {
  const list: RequestHandler = async (_req, res) => {
    res.json(await listStrategies(deps.readStore));
  };
  return { [strategyRoutes.publicStrategies.id]: list, [strategyRoutes.listStrategies.id]: list };
}

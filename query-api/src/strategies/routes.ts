import type { RequestHandler } from 'express';
import { strategyRoutes } from '@concierge/contracts';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { listStrategies } from './queries.js';

/** Handlers of the routes served from the strategies read model, by route id. */
export function strategyQueryHandlers(deps: { readonly readStore: ReadStore; readonly knownTokenSymbols?: ReadonlySet<string> }): Record<string, RequestHandler> {
  const list: RequestHandler = async (_req, res) => {
    res.json(await listStrategies(deps.readStore, deps.knownTokenSymbols));
  };
  return { [strategyRoutes.publicStrategies.id]: list, [strategyRoutes.listStrategies.id]: list };
}

import type { RequestHandler } from 'express';
import { withdrawalAddressRoutes } from '@concierge/contracts';
import { principalOf } from '@concierge/platform/auth/authorize';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { memberAddresses } from './queries.js';

/** Handlers of the routes served from the withdrawal addresses read model, by route id. */
export function withdrawalAddressQueryHandlers(deps: { readonly readStore: ReadStore }): Record<string, RequestHandler> {
  return {
    [withdrawalAddressRoutes.listAddresses.id]: async (req, res) => {
      res.json(await memberAddresses(deps.readStore, principalOf(req).userId));
    },
  };
}

import type { RequestHandler } from 'express';
import { userRoutes } from '@concierge/contracts';
import { inputOf } from '@concierge/platform/http/route-table';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { pendingUsers } from './queries.js';

export interface UserQueryDeps {
  readonly readStore: ReadStore;
}

/** Handlers of the users read model's routes, by route id. */
export function userQueryHandlers(deps: UserQueryDeps): Record<string, RequestHandler> {
  return {
    'users.pending': async (req, res) => {
      const { query } = inputOf(req, userRoutes.pendingUsers);
      res.json(await pendingUsers(deps.readStore, query.limit));
    },
  };
}

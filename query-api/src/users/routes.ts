import type { RequestHandler } from 'express';
import { authRoutes, userRoutes } from '@concierge/contracts';
import { principalOf } from '@concierge/platform/auth/authorize';
import { NotFoundError } from '@concierge/platform/errors';
import { inputOf } from '@concierge/platform/http/route-table';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { findUser, listUsers, pendingUsers } from './queries.js';
import { userStats } from './stats.js';

export const USER_NOT_FOUND_MESSAGE = 'No user found with this ID.';
/** The signed-in account is not (or not yet) in the users read model. */
export const ACCOUNT_NOT_FOUND_MESSAGE = 'Your account could not be found.';

export interface UserQueryDeps {
  readonly readStore: ReadStore;
}

/** Handlers of the routes served from the users read model, by route id. */
export function userQueryHandlers(deps: UserQueryDeps): Record<string, RequestHandler> {
  return {
    [authRoutes.me.id]: async (req, res) => {
      const user = await findUser(deps.readStore, principalOf(req).userId);
      if (!user) throw new NotFoundError(ACCOUNT_NOT_FOUND_MESSAGE);
      res.json(user);
    },
    [userRoutes.listUsers.id]: async (req, res) => {
      const { query } = inputOf(req, userRoutes.listUsers);
      res.json(await listUsers(deps.readStore, query));
    },
    [userRoutes.pendingUsers.id]: async (req, res) => {
      const { query } = inputOf(req, userRoutes.pendingUsers);
      res.json(await pendingUsers(deps.readStore, query.limit));
    },
    [userRoutes.userStats.id]: async (_req, res) => {
      res.json(await userStats(deps.readStore));
    },
    [userRoutes.getUser.id]: async (req, res) => {
      const { params } = inputOf(req, userRoutes.getUser);
      const user = await findUser(deps.readStore, params.id);
      if (!user) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
      res.json(user);
    },
  };
}

import { NotFoundError } from '@concierge/platform/errors';
import type { SomeHandlers } from '@concierge/platform/http/handlers';
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
export function userQueryHandlers(deps: UserQueryDeps) {
  return {
    'auth.me': async ({ caller }) => {
      const user = await findUser(deps.readStore, caller.userId);
      if (!user) throw new NotFoundError(ACCOUNT_NOT_FOUND_MESSAGE);
      return user;
    },
    'users.list': async ({ query }) => listUsers(deps.readStore, query),
    'users.pending': async ({ query }) => pendingUsers(deps.readStore, query.limit),
    'users.stats': async () => userStats(deps.readStore),
    'users.get': async ({ params }) => {
      const user = await findUser(deps.readStore, params.id);
      if (!user) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
      return user;
    },
  } satisfies SomeHandlers<'query'>;
}

import type { SomeHandlers } from '@concierge/platform/http/handlers';
import { userQueryHandlers, type UserQueryDeps } from './users/routes.js';

/** The identity context's query routes: the signed-in account, and the admins' and auditors' user lists. */
export function identityHandlers(deps: UserQueryDeps) {
  return { ...userQueryHandlers(deps) } satisfies SomeHandlers<'query'>;
}

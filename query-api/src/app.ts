import type { Express } from 'express';
import type { Logger } from 'pino';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { createApiApp } from '@concierge/platform/http/base-app';
import { userQueryRoutes } from './users/routes.js';

export interface QueryAppDeps {
  readonly readStore: ReadStore;
  readonly logger: Logger;
  readonly minPositionTimeoutMs?: number;
}

/** The query API without a listening socket, so tests can start it on any port. */
export function createQueryApp(deps: QueryAppDeps): Express {
  const minPositionTimeoutMs = deps.minPositionTimeoutMs ?? 2000;
  return createApiApp({
    logger: deps.logger,
    routers: [userQueryRoutes({ readStore: deps.readStore, minPositionTimeoutMs })],
    health: async () => ({ users: (await deps.readStore.getCheckpoint('users')) ? 'projected' : 'empty' }),
  });
}

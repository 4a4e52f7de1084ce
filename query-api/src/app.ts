import type { Express } from 'express';
import type { Logger } from 'pino';
import { routes } from '@concierge/contracts';
import { createApiApp } from '@concierge/platform/http/base-app';
import { mountRouteTable } from '@concierge/platform/http/route-table';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { depositQueryHandlers } from './deposits/routes.js';
import { awaitMinPosition } from './shared/min-position.js';
import { userQueryHandlers } from './users/routes.js';
import { walletQueryHandlers } from './wallets/routes.js';
import { withdrawalAddressQueryHandlers } from './withdrawal-addresses/routes.js';
import { withdrawalQueryHandlers } from './withdrawals/routes.js';

export interface QueryAppDeps {
  readonly readStore: ReadStore;
  /** Verifies access tokens; the query API never holds the private key. */
  readonly publicKey: string;
  readonly logger: Logger;
  readonly minPositionTimeoutMs?: number;
}

/** The query API without a listening socket, so tests can start it on any port. */
export function createQueryApp(deps: QueryAppDeps): Express {
  const timeoutMs = deps.minPositionTimeoutMs ?? 2000;
  const handlers = {
    ...userQueryHandlers(deps),
    ...walletQueryHandlers(deps),
    ...withdrawalAddressQueryHandlers(deps),
    ...withdrawalQueryHandlers(deps),
    ...depositQueryHandlers(deps),
  };
  return createApiApp({
    logger: deps.logger,
    routers: [
      mountRouteTable({
        side: 'query',
        routes,
        publicKey: deps.publicKey,
        handlers,
        before: (route) => (route.reads?.length ? [awaitMinPosition(deps.readStore, route.reads, timeoutMs)] : []),
      }),
    ],
    health: async () => ({ users: (await deps.readStore.getCheckpoint('users')) ? 'projected' : 'empty' }),
  });
}

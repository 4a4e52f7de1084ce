import type { Express } from 'express';
import type { Logger } from 'pino';
import { routes } from '@concierge/contracts';
import type { SigningKeys } from '@concierge/platform/auth/keys';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createApiApp } from '@concierge/platform/http/base-app';
import { mountRouteTable } from '@concierge/platform/http/route-table';
import type { PasswordHasher } from './identity/password-hasher.js';
import { registerHandler } from './identity/registration/routes.js';

export interface CommandAppDeps {
  readonly eventStore: EventStore;
  readonly hasher: PasswordHasher;
  readonly keys: SigningKeys;
  readonly logger: Logger;
  readonly now?: () => Date;
}

/** The command API without a listening socket, so tests can start it on any port. */
export function createCommandApp(deps: CommandAppDeps): Express {
  const handlers = {
    'auth.register': registerHandler(deps),
  };
  return createApiApp({
    logger: deps.logger,
    routers: [mountRouteTable({ side: 'command', routes, publicKey: deps.keys.publicKey, handlers })],
    health: async () => ({ head: String((await deps.eventStore.headPosition()).prepare) }),
  });
}

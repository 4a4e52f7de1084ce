import type { Express } from 'express';
import type { Logger } from 'pino';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createApiApp } from '@concierge/platform/http/base-app';
import type { PasswordHasher } from './identity/password-hasher.js';
import { registrationRoutes } from './identity/registration/routes.js';

export interface CommandAppDeps {
  readonly eventStore: EventStore;
  readonly hasher: PasswordHasher;
  readonly logger: Logger;
  readonly now?: () => Date;
}

/** The command API without a listening socket, so tests can start it on any port. */
export function createCommandApp(deps: CommandAppDeps): Express {
  return createApiApp({
    logger: deps.logger,
    routers: [registrationRoutes(deps)],
    health: async () => ({ head: String((await deps.eventStore.headPosition()).prepare) }),
  });
}

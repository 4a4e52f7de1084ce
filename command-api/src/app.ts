import type { Express } from 'express';
import type { Logger } from 'pino';
import { routes } from '@concierge/contracts';
import type { SigningKeys } from '@concierge/platform/auth/keys';
import { followedStandings } from '@concierge/platform/auth/followed-standings';
import { localStandingChanges, type StandingChanges } from '@concierge/platform/auth/standing-changes';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createApiApp } from '@concierge/platform/http/base-app';
import type { Registry } from '@concierge/platform/metrics/registry';
import { mountRouteTable } from '@concierge/platform/http/route-table';
import type { RateLimiter } from '@concierge/platform/rate-limit/fixed-window';
import { eventStoreCheck, type ReadinessCheck } from '@concierge/platform/http/readiness';
import { aggregateStates, type AggregateStates } from '@concierge/domain/shared/aggregate-states';
import type { MailOutbox } from '@concierge/domain/identity/mail-outbox';
import type { PasswordHasher } from '@concierge/domain/identity/password-hasher';
import type { CredentialStore } from '@concierge/platform/credential-store/port';
import type { SnapshotRequests } from '@concierge/domain/portfolio/snapshot/request-portfolio-snapshot';
import { eventStoreStandings } from '@concierge/domain/identity/access/store-standings';
import type { Handlers } from '@concierge/platform/http/handlers';
import { withStandingNotices } from './identity/access/standing-notices.js';
import { identityHandlers } from './identity/handlers.js';
import { authRateLimiting, credentialAttempts, DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimits } from './identity/rate-limits.js';
import { moneyHandlers } from './money/handlers.js';
import { planHandlers } from './plans/handlers.js';
import { portfolioHandlers } from './portfolio/handlers.js';
import { strategyHandlers } from './strategies/handlers.js';

export interface CommandAppDeps {
  readonly eventStore: EventStore;
  readonly hasher: PasswordHasher;
  /** Password hashes and link secrets' hashes, out of event data; only this service opens it. */
  readonly credentials: CredentialStore;
  readonly keys: SigningKeys;
  readonly logger: Logger;
  readonly now?: () => Date;
  /** The mail queue; without it POST /auth/register and /auth/forgot-password answer 501. */
  readonly mail?: MailOutbox;
  /** Where members reach the app, for links in mail; http://localhost:8080 by default. */
  readonly publicUrl?: string;
  /** Counts sign-in, registration and password-reset attempts; without it nothing is limited. */
  readonly rateLimiter?: RateLimiter;
  readonly rateLimits?: AuthRateLimits;
  /** BIP-39 phrase deposit keys derive from; without it GET /wallets/user/:id/private-key answers 501. */
  readonly walletMnemonic?: string;
  /** Carries standing changes (suspension, demotion, sign-out) to every process; this process only by default. */
  readonly standingChanges?: StandingChanges;
  /** Probes of the dependencies the composition root holds (Redis), added to the event store's. */
  readonly readiness?: Readonly<Record<string, ReadinessCheck>>;
  /** Cached aggregate states and their snapshots; a cache of its own and no snapshots by default. */
  readonly aggregateStates?: AggregateStates;
  /** The portfolio-snapshots queue; without it POST /wallets/user/:id/snapshot answers 501. */
  readonly snapshots?: SnapshotRequests;
  /** The service's metrics registry: GET /metrics serves it, requests and commands are counted in it. */
  readonly metrics?: Registry;
  /** Parse every answer with its route's response schema (a mismatch answers 500): the test harnesses turn it on. */
  readonly checkResponses?: boolean;
}

/** The command API without a listening socket, so tests can start it on any port. */
export function createCommandApp(deps: CommandAppDeps): Express {
  const now = deps.now ?? (() => new Date());
  const standingChanges = deps.standingChanges ?? localStandingChanges();
  const eventStore = withStandingNotices(deps.eventStore, standingChanges);
  // One cache of folded states and one snapshot store for every use case of this process.
  const states = deps.aggregateStates ?? aggregateStates();
  const freshStandings = eventStoreStandings(eventStore, states);
  // The store is the source: once the channel is back, nothing else has to catch up.
  const standings = followedStandings({ changes: standingChanges, source: freshStandings, store: freshStandings });
  const attempts = deps.rateLimiter ? credentialAttempts(deps.rateLimiter, deps.rateLimits ?? DEFAULT_AUTH_RATE_LIMITS) : undefined;
  // Each context brings its routes' handlers; the type holds the whole map to the command side of the table.
  const handlers: Handlers<'command'> = {
    ...identityHandlers({ ...deps, eventStore, aggregateStates: states, now, attempts, publicUrl: deps.publicUrl ?? 'http://localhost:8080' }),
    ...moneyHandlers({ ...deps, eventStore, aggregateStates: states, mnemonic: deps.walletMnemonic }),
    ...planHandlers({ eventStore, aggregateStates: states }),
    ...strategyHandlers({ eventStore, aggregateStates: states }),
    ...portfolioHandlers({ eventStore, aggregateStates: states, snapshots: deps.snapshots }),
  };
  const before = deps.rateLimiter ? authRateLimiting(deps.rateLimiter, deps.rateLimits ?? DEFAULT_AUTH_RATE_LIMITS, deps.logger) : undefined;
  const router = mountRouteTable({
    side: 'command',
    routes,
    auth: { publicKey: deps.keys.publicKey, standings, freshStandings },
    handlers,
    now,
    checkResponses: deps.checkResponses ?? false,
    ...(before ? { before } : {}),
  });
  return createApiApp({
    logger: deps.logger,
    ...(deps.metrics ? { metrics: { registry: deps.metrics, commands: true } } : {}),
    routers: [router],
    health: async () => ({ head: String((await eventStore.headPosition()).prepare) }),
    readiness: { eventStore: eventStoreCheck(eventStore), ...deps.readiness },
  });
}

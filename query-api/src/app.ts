import type { Express } from 'express';
import type { Logger } from 'pino';
import { routes } from '@concierge/contracts';
import { followedStandings } from '@concierge/platform/auth/followed-standings';
import { localStandingChanges, type StandingChanges } from '@concierge/platform/auth/standing-changes';
import { ServiceUnavailableError } from '@concierge/platform/errors';
import { eventStoreStandings } from '@concierge/domain/identity/access/store-standings';
import type { Position } from '@concierge/platform/event-store/position';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createApiApp } from '@concierge/platform/http/base-app';
import type { Registry } from '@concierge/platform/metrics/registry';
import type { ReadinessCheck } from '@concierge/platform/http/readiness';
import { mountRouteTable } from '@concierge/platform/http/route-table';
import type { ReadStore } from '@concierge/platform/read-store/port';
import type { AuditPublicKey } from '@concierge/platform/audit/audit-key';
import type { Handlers } from '@concierge/platform/http/handlers';
import { auditHandlers } from './audit/handlers.js';
import { recordRead } from './audit/record-reads.js';
import type { ReplayVerifyQueue } from './audit/replay-verify/routes.js';
import type { StartLock } from './audit/replay-verify/start-lock.js';
import { identityHandlers } from './identity/handlers.js';
import { moneyHandlers } from './money/handlers.js';
import { openApiHandlers } from './openapi/handlers.js';
import { planHandlers } from './plans/handlers.js';
import { portfolioHandlers } from './portfolio/handlers.js';
import type { SnapshotQueue } from './portfolio/refresh.js';
import { awaitMinPosition } from './shared/min-position.js';
import { projectionWatch } from './shared/projection-watch.js';
import { projectedStandings, STANDING_SETTLING_MESSAGE } from './shared/standings.js';
import { strategyHandlers } from './strategies/handlers.js';

export interface QueryAppDeps {
  readonly readStore: ReadStore;
  /** The auditors' stream view reads it, and every audited read is recorded in it first; without it those routes answer 501. */
  readonly eventStore?: EventStore;
  /** Verifies access tokens; the query API never holds the private key. */
  readonly publicKey: string;
  readonly logger: Logger;
  readonly minPositionTimeoutMs?: number;
  /** Standing changes published by the command side; without it only this process's (none) are heard. */
  readonly standingChanges?: StandingChanges;
  /** The event store's newest committed position: X-Min-Position beyond it is answered at once. */
  readonly storeHead?: () => Promise<Position>;
  /** The replay-verify queue POST /audit/replay-verifications adds to; without it that route answers 501. */
  readonly replayQueue?: ReplayVerifyQueue;
  /** Makes starting a replay-verification atomic across query API processes; default: this process only. */
  readonly replayStartLock?: StartLock;
  /** Least time between the end of a full replay-verification and the start of the next. */
  readonly replayMinIntervalMs?: number;
  /** The portfolio-snapshots queue a member's `GET /wallets/performance?refresh=true` adds a valuation to. */
  readonly snapshotQueue?: SnapshotQueue;
  /** Longest wait for that valuation to land before answering the last figures marked `refreshing`. */
  readonly refreshWaitMs?: number;
  /** The symbols of the chain's token registry: a strategy group's others are listed as unknown. */
  readonly knownTokenSymbols?: ReadonlySet<string>;
  /** The audit public key: exports carry it and the verification panel shows it. */
  readonly auditPublicKey?: AuditPublicKey;
  /** Probes of the dependencies the composition root holds, added to the read store's. */
  readonly readiness?: Readonly<Record<string, ReadinessCheck>>;
  /** The service's metrics registry: GET /metrics serves it and requests are timed in it. */
  readonly metrics?: Registry;
  /** Parse every answer with its route's response schema (a mismatch answers 500): the test harnesses turn it on. */
  readonly checkResponses?: boolean;
}

/** The query API without a listening socket, so tests can start it on any port. */
export function createQueryApp(deps: QueryAppDeps): Express {
  const timeoutMs = deps.minPositionTimeoutMs ?? 2000;
  const watch = projectionWatch(deps.readStore);
  const standings = followedStandings({
    changes: deps.standingChanges ?? localStandingChanges(),
    source: projectedStandings(deps.readStore, { watch, timeoutMs, ...(deps.storeHead ? { storeHead: deps.storeHead } : {}) }),
    // While a change could go unheard, the account is read from the event store, or refused.
    store: deps.eventStore
      ? eventStoreStandings(deps.eventStore)
      : {
          standing: () => Promise.reject(new ServiceUnavailableError(STANDING_SETTLING_MESSAGE)),
        },
  });
  const minPosition = { watch, timeoutMs, ...(deps.storeHead ? { storeHead: deps.storeHead } : {}) };
  // Each context brings its routes' handlers; the type holds the whole map to the query side of the table.
  const handlers: Handlers<'query'> = {
    ...identityHandlers(deps),
    ...moneyHandlers(deps),
    ...planHandlers(deps),
    ...strategyHandlers(deps),
    ...portfolioHandlers(deps),
    ...auditHandlers(deps),
    ...openApiHandlers(),
  };
  return createApiApp({
    logger: deps.logger,
    ...(deps.metrics ? { metrics: { registry: deps.metrics } } : {}),
    routers: [
      mountRouteTable({
        side: 'query',
        routes,
        auth: { publicKey: deps.publicKey, standings },
        handlers,
        checkResponses: deps.checkResponses ?? false,
        before: (route) => [...(route.reads?.length ? [awaitMinPosition(route.reads, minPosition)] : []), recordRead(deps.eventStore)],
      }),
    ],
    health: async () => ({ users: (await deps.readStore.getCheckpoint('users')) ? 'projected' : 'empty' }),
    readiness: {
      readStore: async () => {
        await deps.readStore.getCheckpoint('users');
      },
      ...deps.readiness,
    },
  });
}

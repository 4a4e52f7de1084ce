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
import { withStandingNotices } from './identity/access/standing-notices.js';
import { approveUserHandler, rejectUserHandler, updateUserHandler } from './identity/admin/routes.js';
import { loginHandler, logoutHandler, refreshTokenHandler } from './identity/login/routes.js';
import { logoutEverywhereHandler } from './identity/session/logout-everywhere.js';
import { checkResetTokenHandler, forgotPasswordHandler, resetPasswordHandler } from './identity/password-reset/routes.js';
import { changePasswordHandler, updateProfileHandler } from './identity/profile/routes.js';
import { authRateLimiting, credentialAttempts, DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimits } from './identity/rate-limits.js';
import { registerHandler, verifyEmailHandler } from './identity/registration/routes.js';
import { addAddressHandler, editAddressHandler, removeAddressHandler, setPrimaryAddressHandler } from './money/withdrawal-addresses/routes.js';
import { privateKeyGrantHandler, privateKeyHandler } from './money/wallets/private-key.js';
import { autoWithdrawalHandler } from './money/wallets/routes.js';
import { addDepositHandler } from './money/deposits/routes.js';
import { createPlanHandler, deletePlanHandler, updatePlanHandler } from './plans/routes.js';
import { snapshotHandler } from './portfolio/routes.js';
import { createStrategyHandler, deleteStrategyHandler, updateStrategyHandler } from './strategies/routes.js';
import { cancelOwnWithdrawalHandler, processWithdrawalHandler, requestWithdrawalHandler } from './money/withdrawals/routes.js';

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
  const identity = { ...deps, eventStore, aggregateStates: states, now, attempts, publicUrl: deps.publicUrl ?? 'http://localhost:8080' };
  const handlers = {
    ...(deps.mail ? { 'auth.register': registerHandler({ ...identity, mail: deps.mail }) } : {}),
    'auth.verifyEmail': verifyEmailHandler(identity),
    'auth.login': loginHandler(identity),
    'auth.refreshToken': refreshTokenHandler(identity),
    'auth.logout': logoutHandler(identity),
    'auth.logoutEverywhere': logoutEverywhereHandler(identity),
    ...(deps.mail ? { 'auth.forgotPassword': forgotPasswordHandler({ ...identity, mail: deps.mail }) } : {}),
    'auth.checkResetToken': checkResetTokenHandler(identity),
    'auth.resetPassword': resetPasswordHandler(identity),
    'users.updateProfile': updateProfileHandler(identity),
    'users.changePassword': changePasswordHandler(identity),
    'users.update': updateUserHandler(identity),
    'users.approve': approveUserHandler(identity),
    'users.reject': rejectUserHandler(identity),
    'withdrawalAddresses.add': addAddressHandler(identity),
    'withdrawalAddresses.edit': editAddressHandler(identity),
    'withdrawalAddresses.remove': removeAddressHandler(identity),
    'withdrawalAddresses.setPrimary': setPrimaryAddressHandler(identity),
    'wallets.autoWithdrawal': autoWithdrawalHandler(identity),
    ...(deps.walletMnemonic
      ? {
          'wallets.privateKey': privateKeyHandler({ ...identity, mnemonic: deps.walletMnemonic }),
          'wallets.privateKeyGrant': privateKeyGrantHandler({ ...identity, mnemonic: deps.walletMnemonic }),
        }
      : {}),
    'deposits.add': addDepositHandler(identity),
    'withdrawals.request': requestWithdrawalHandler(identity),
    'withdrawals.process': processWithdrawalHandler(identity),
    'withdrawals.cancel': cancelOwnWithdrawalHandler(identity),
    'subscriptions.create': createPlanHandler(identity),
    'subscriptions.update': updatePlanHandler(identity),
    'subscriptions.delete': deletePlanHandler(identity),
    'strategies.create': createStrategyHandler(identity),
    'strategies.update': updateStrategyHandler(identity),
    'strategies.delete': deleteStrategyHandler(identity),
    ...(deps.snapshots ? { 'portfolio.snapshot': snapshotHandler({ eventStore, aggregateStates: states, snapshots: deps.snapshots }) } : {}),
  };
  const before = deps.rateLimiter ? authRateLimiting(deps.rateLimiter, deps.rateLimits ?? DEFAULT_AUTH_RATE_LIMITS, deps.logger) : undefined;
  const router = mountRouteTable({ side: 'command', routes, auth: { publicKey: deps.keys.publicKey, standings, freshStandings }, handlers, ...(before ? { before } : {}) });
  return createApiApp({
    logger: deps.logger,
    ...(deps.metrics ? { metrics: { registry: deps.metrics, commands: true } } : {}),
    routers: [router],
    health: async () => ({ head: String((await eventStore.headPosition()).prepare) }),
    readiness: { eventStore: eventStoreCheck(eventStore), ...deps.readiness },
  });
}

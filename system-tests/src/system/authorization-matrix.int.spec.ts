import { createPgCredentialStore } from '@concierge/platform/credential-store/postgres/pg-credential-store';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { MAIL_QUEUE, matchRoute, routes, type RouteDef } from '@concierge/contracts';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import { listen } from '@concierge/platform/testing/http';
import { testKeys } from '@concierge/platform/testing/keys';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { createCommandApp } from '@concierge/command-api/app';
import { bullmqMailOutbox } from '@concierge/command-api/identity/mail-outbox';
import { argon2idHasher } from '@concierge/command-api/identity/password-hasher';
import { createQueryApp } from '@concierge/query-api/app';
import {
  allowedStatus,
  concretePath,
  expectedOutcome,
  formatMatrix,
  PRINCIPALS,
  servedBySide,
  type PrincipalName,
} from './authorization-matrix.js';
import { freshSession, seedAccounts, type MatrixAccount } from './matrix-principals.js';

const GENERIC_NOT_FOUND = /^No API route /;

/**
 * The only command routes an auditor gets past authorization on: signing in and out, their own
 * session, password and name, and the public links of registration and password reset. Every
 * other command (money, approvals, plans, strategies, another account) answers 403.
 */
const AUDITOR_OWN_ACCOUNT_COMMANDS = [
  'auth.login',
  'auth.refreshToken',
  'auth.logout',
  'auth.logoutEverywhere',
  'auth.verifyEmail',
  'auth.forgotPassword',
  'auth.checkResetToken',
  'auth.resetPassword',
  'auth.register',
  'users.updateProfile',
  'users.changePassword',
] as const;

interface Outcome {
  readonly status: number;
  readonly message: unknown;
}

/**
 * Every route of the route table, tried by every kind of caller against both APIs running
 * in-process. Generated from `routes`, so a route added to the table is covered the moment it exists.
 */
describe('authorization matrix: every route x every caller', () => {
  let schemas: TestSchemas;
  let apis: Record<RouteDef['side'], { url: string; close: () => Promise<void> }>;
  let headersOf: (principal: PrincipalName) => Promise<Record<string, string>>;
  let redis: Redis;
  let mailQueue: Queue;
  const memberId = randomUUID();
  const outcomes = new Map<string, Partial<Record<PrincipalName, Outcome>>>();

  async function send(side: RouteDef['side'], route: RouteDef, path: string, principal: PrincipalName): Promise<Outcome> {
    const withBody = route.method === 'POST' || route.method === 'PUT';
    const response = await fetch(`${apis[side].url}/api${path}`, {
      method: route.method,
      headers: { ...(await headersOf(principal)), ...(withBody ? { 'content-type': 'application/json' } : {}) },
      body: withBody ? '{}' : undefined,
    });
    const text = await response.text();
    let message: unknown;
    try {
      message = (JSON.parse(text) as { message?: unknown }).message;
    } catch {
      message = text.slice(0, 80);
    }
    return { status: response.status, message };
  }

  beforeAll(async () => {
    schemas = await createTestSchemas('authzmatrix');
    const keys = testKeys();
    const logger = pino({ level: 'silent' });
    const eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    const readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
    // The mail queue is real (its own prefix): registration and forgot-password are mounted only with one.
    redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
    mailQueue = new Queue(MAIL_QUEUE, { connection: redis, prefix: `test-authz-${randomUUID().slice(0, 8)}` });
    const mail = bullmqMailOutbox(mailQueue);
    const [command, query] = await Promise.all([
      listen(
        createCommandApp({
          eventStore,
          hasher: argon2idHasher({ memoryKiB: 8_192, timeCost: 1 }),
          credentials: createPgCredentialStore({ pool: schemas.pool, schema: schemas.eventStoreSchema }),
          keys,
          logger,
          mail,
          walletMnemonic: 'test test test test test test test test test test test junk',
          // Snapshot requests only need to be taken: the queue itself is covered in command-api.
          snapshots: { enqueue: async () => undefined },
          // Every answer the matrix receives is parsed with its route's response schema.
          checkResponses: true,
        }),
      ),
      // Starting a replay-verification only needs its job taken: the queue itself is covered in query-api and workers.
      listen(createQueryApp({ readStore, eventStore, publicKey: keys.publicKey, logger, replayQueue: { add: async () => undefined }, checkResponses: true })),
    ]);
    apis = { command, query };
    const accounts: Record<Exclude<PrincipalName, 'anonymous'>, MatrixAccount> = {
      'pending user': { userId: randomUUID(), role: 'user', status: 'pending' },
      member: { userId: memberId, role: 'user', status: 'approved' },
      'another member': { userId: randomUUID(), role: 'user', status: 'approved' },
      admin: { userId: randomUUID(), role: 'admin', status: 'approved' },
      auditor: { userId: randomUUID(), role: 'auditor', status: 'approved' },
    };
    await seedAccounts(eventStore, readStore, Object.values(accounts));
    headersOf = async (principal) => (principal === 'anonymous' ? {} : freshSession(eventStore, keys, accounts[principal]));
    // Sequential, so rate limits and logs stay readable; a few hundred requests in all.
    for (const route of routes) {
      const row: Partial<Record<PrincipalName, Outcome>> = {};
      for (const principal of PRINCIPALS) row[principal] = await send(route.side, route, concretePath(route, { memberId }), principal);
      outcomes.set(route.id, row);
    }
  }, 120_000);

  afterAll(async () => {
    if (outcomes.size > 0) {
      const rows = routes.map((route) => ({
        route,
        statuses: Object.fromEntries(Object.entries(outcomes.get(route.id) ?? {}).map(([p, o]) => [p, o.status])),
      }));
      console.log(`Authorization matrix (status per route and caller):\n${formatMatrix(rows)}`);
    }
    await Promise.all([apis?.command.close(), apis?.query.close()]);
    await mailQueue?.obliterate({ force: true });
    await mailQueue?.close();
    redis?.disconnect();
    await schemas?.drop();
  });

  it('covers a non-empty route table with unique ids', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
  });

  it('has a handler for exactly the routes docs/architecture.md marks as built, and lists every route of the table there once', () => {
    const doc = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8');
    const rows = [...doc.matchAll(/^\| `([a-zA-Z]+\.[a-zA-Z]+)` \| \w+ \| (built|not built) \|$/gm)].map((m) => ({ id: m[1] ?? '', built: m[2] === 'built' }));
    expect(rows.map((r) => r.id).sort()).toEqual(routes.map((r) => r.id).sort());
    // A route without a handler answers 501 to every caller it lets in; one with a handler never does.
    const answered501 = (id: string) => Object.values(outcomes.get(id) ?? {}).some((outcome) => outcome.status === 501);
    expect(rows.filter((r) => answered501(r.id) === r.built).map((r) => `${r.id} is marked ${r.built ? 'built' : 'not built'}`)).toEqual([]);
  });

  it('lets an auditor command nothing: the command API refuses them everything but their own sign-in, session and credentials', () => {
    const letIn = routes.filter((route) => route.side === 'command' && ![401, 403].includes(outcomes.get(route.id)?.auditor?.status ?? 0));
    expect(letIn.map((route) => route.id).sort()).toEqual([...AUDITOR_OWN_ACCOUNT_COMMANDS].sort());
    // None of them names another account: they act on the caller's own session or on a token they hold.
    expect(letIn.filter((route) => route.path.includes(':') && route.id !== 'auth.checkResetToken').map((route) => route.id)).toEqual([]);
  });

  describe.each(routes.map((route) => ({ route, name: `${route.method} ${route.path} (${route.id})` })))('$name', ({ route }) => {
    it('is mounted on its own API and reachable there: the table and the mounted routes are the same set', () => {
      const concrete = concretePath(route, { memberId });
      expect(matchRoute(route.method, concrete)?.route.id, 'an earlier route of the table shadows it').toBe(route.id);
      for (const principal of PRINCIPALS) {
        const outcome = outcomes.get(route.id)?.[principal];
        expect(outcome, principal).toBeDefined();
        expect(String(outcome?.message), `${principal}: answered by the generic 404`).not.toMatch(GENERIC_NOT_FOUND);
      }
    });

    it('is not served by the other API', async () => {
      const other = route.side === 'command' ? 'query' : 'command';
      const concrete = concretePath(route, { memberId });
      expect(servedBySide(routes, other, route.method, concrete), `the ${other} side has a route for the same request`).toBe(false);
      const outcome = await send(other, route, concrete, 'admin');
      expect(outcome.status).toBe(404);
      expect(String(outcome.message)).toMatch(GENERIC_NOT_FOUND);
    });

    it('lets in exactly the callers its access allows', () => {
      for (const principal of PRINCIPALS) {
        const outcome = outcomes.get(route.id)?.[principal];
        const status = outcome?.status ?? 0;
        const expected = expectedOutcome(route, principal);
        const context = `${principal} -> ${status} ${String(outcome?.message)} (expected ${expected})`;
        expect(status >= 500 && status !== 501, `${context}: a server error`).toBe(false);
        if (expected === 'not refused') expect([401, 403], context).not.toContain(status);
        if (expected === 'unauthenticated') expect(status, context).toBe(401);
        if (expected === 'forbidden') expect(status, context).toBe(403);
        if (expected === 'allowed') expect(allowedStatus(status), context).toBe(true);
      }
    });
  });
});

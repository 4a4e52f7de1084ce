import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes, PORTFOLIO_SNAPSHOT_QUEUE, portfolioRoutes, strategyRoutes, subscriptionRoutes, userRoutes, type RouteDef } from '@concierge/contracts';
import { seedCatalog } from '@concierge/domain/plans/seed-catalog';
import { findIllFormedText } from '@concierge/platform/http/validate';
import { bullmqSnapshotRequests } from '../portfolio/snapshot-queue.js';
import { fuzzCallers, startIdentityApi, type IdentityApi } from './testing/harness.js';

/** Every command route of the auth, users, plans, strategies and portfolio contexts (register lives with the users). */
const commandRoutes: RouteDef[] = [
  ...Object.values(authRoutes),
  ...Object.values(userRoutes),
  ...Object.values(subscriptionRoutes),
  ...Object.values(strategyRoutes),
  ...Object.values(portfolioRoutes),
]
  .map((route): RouteDef => route)
  .filter((route) => route.side === 'command');

const PASSWORD = 'Analytical1';
const LIMIT = { perIp: 1_000_000, perEmail: 1_000_000, windowSeconds: 60 };

/** Field names the routes know, so generated objects often come close to a valid body. */
const FIELDS = ['email', 'password', 'rememberMe', 'refreshToken', 'token', 'newPassword', 'confirmPassword', 'currentPassword', 'firstName', 'lastName', 'status', 'role', 'subscriptionPlan', 'reason', 'name', 'feePercentage', 'description', 'isActive', 'displayName', 'color', 'riskLevel', 'riskWeight', 'tokenSymbols', '__proto__', 'constructor'];

/** Text with a lone UTF-16 surrogate somewhere, e.g. "A\ud800b": JSON carries it, no store can hold it. */
const illFormedText = fc
  .tuple(fc.string({ maxLength: 20 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 20 }))
  .map(([before, surrogate, after]) => `${before}${String.fromCharCode(surrogate)}${after}`)
  .filter((text) => findIllFormedText(text) !== undefined);

const nearValidValue = fc.oneof(
  fc.constantFrom('ada@example.com', PASSWORD, 'approved', 'suspended', 'admin', '', ' ', null, true, 0, -1, 1e308, 'generic reason', 'default', 'USDC, link', 0.5, '2.55', '#22C55E', 'moderate'),
  illFormedText,
  fc.constantFrom('A\ud800b', 'Ada\udfff', '\ud83d'),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.integer({ min: 1_000, max: 150_000 }).map((n) => 'x'.repeat(n)),
);

/** What goes on the wire: a JSON document, raw text, or a body of another content type. */
type Payload = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string } | { kind: 'bytes'; bytes: Uint8Array } | { kind: 'none' };

const payload: fc.Arbitrary<Payload> = fc.oneof(
  fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 })), nearValidValue, { maxKeys: 8 }).map((value) => ({ kind: 'json' as const, value })),
  fc.jsonValue({ maxDepth: 4 }).map((value) => ({ kind: 'json' as const, value })),
  // A valid body with one field's text broken: only the lone surrogate makes it invalid.
  fc
    .tuple(fc.constantFrom('firstName', 'lastName', 'email', 'password', 'reason', 'newPassword', 'currentPassword'), illFormedText)
    .map(([field, text]) => ({
      kind: 'json' as const,
      value: { firstName: 'Ada', lastName: 'Lovelace', email: 'fuzz@example.com', password: PASSWORD, reason: 'r', newPassword: 'Different1', currentPassword: PASSWORD, confirmPassword: 'Different1', [field]: text },
    })),
  fc.constantFrom(null, [], [1, 2], 'text', 42, true).map((value) => ({ kind: 'json' as const, value })),
  fc.integer({ min: 100, max: 5_000 }).map((depth) => ({ kind: 'raw' as const, text: `${'['.repeat(depth)}${']'.repeat(depth)}`, contentType: 'application/json' })),
  fc.string({ unit: 'binary', maxLength: 200 }).map((text) => ({ kind: 'raw' as const, text, contentType: 'application/json' })),
  fc
    .tuple(fc.string({ maxLength: 100 }), fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'application/json; charset=utf-16'))
    .map(([text, contentType]) => ({ kind: 'raw' as const, text, contentType })),
  // A near-valid JSON body with bytes that are not UTF-8 inside a field (Latin-1, an encoded surrogate, a cut sequence).
  fc
    .tuple(fc.constantFrom('firstName', 'lastName', 'email', 'password', 'token', 'reason', 'name'), fc.constantFrom([0xe9], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xc0, 0xaf], [0xff]))
    .map(([field, bad]) => ({
      kind: 'bytes' as const,
      bytes: Buffer.concat([Buffer.from(`{"email":"fuzz@example.com","password":"${PASSWORD}","${field}":"A`), Buffer.from(bad), Buffer.from('b"}')]),
    })),
  fc.constant({ kind: 'none' as const }),
);

describe('fuzzing every auth, users, plans, strategies and portfolio command route', () => {
  const redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null, lazyConnect: true });
  const snapshotQueue = new Queue(PORTFOLIO_SNAPSHOT_QUEUE, { connection: redis, prefix: `test-fuzzsnap-${randomUUID().slice(0, 8)}` });
  let api: IdentityApi;
  let ids: string[];
  let callers: Array<Record<string, string>>;

  beforeAll(async () => {
    api = await startIdentityApi('fuzz', {
      mail: true,
      snapshots: bullmqSnapshotRequests(snapshotQueue),
      rateLimits: {
        login: { perIp: LIMIT.perIp, windowSeconds: 60, freeFailures: 1_000_000, maxDelaySeconds: 1, accountFreeFailures: 1_000_000, accountMaxDelaySeconds: 1 },
        register: LIMIT,
        forgotPassword: LIMIT,
        resetPassword: LIMIT,
        verifyEmail: { perIp: LIMIT.perIp, perAccount: 1_000_000, windowSeconds: 60 },
        changePassword: { perAccount: 1_000_000, windowSeconds: 60, failuresBeforeSignOut: 1_000_000 },
      },
    });
    await seedCatalog({ eventStore: api.store }, { defaultPlanFeePercentage: '0' }, { actor: { type: 'system' }, correlationId: 'seed', causationId: 'seed', now: api.clock.now });
    const adminId = await api.seedUser({ email: 'admin@example.com', password: PASSWORD, role: 'admin' });
    const memberId = await api.seedUser({ email: 'member@example.com', password: PASSWORD });
    ids = [adminId, memberId];
    callers = fuzzCallers(api, adminId, memberId);
  });
  afterAll(async () => {
    await api?.close();
    await snapshotQueue.close();
    redis.disconnect();
  });

  it('covers the twenty-one command routes', () => {
    expect(commandRoutes.map((r) => r.id).sort()).toEqual([
      'auth.checkResetToken',
      'auth.forgotPassword',
      'auth.login',
      'auth.logout',
      'auth.logoutEverywhere',
      'auth.refreshToken',
      'auth.register',
      'auth.resetPassword',
      'auth.verifyEmail',
      'portfolio.snapshot',
      'strategies.create',
      'strategies.delete',
      'strategies.update',
      'subscriptions.create',
      'subscriptions.delete',
      'subscriptions.update',
      'users.approve',
      'users.changePassword',
      'users.reject',
      'users.update',
      'users.updateProfile',
    ]);
  });

  it('answers malformed input with a 4xx problem, never a 5xx, and never appends an event', { timeout: 180_000 }, async () => {
    const param = fc.oneof(
      fc.constantFrom(...ids),
      fc.uuid(),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 80 }),
      fc.constantFrom('..', '%', '%00', 'profile', 'a'.repeat(65), ' ', 'default', 'stablecoins', 'others'),
    );
    const request = fc.record({
      route: fc.constantFrom(...commandRoutes),
      param,
      payload,
      caller: fc.nat({ max: callers.length - 1 }),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ route, param: value, payload: body, caller }) => {
        // Raw percent sequences go out as typed (a malformed one must not crash the router).
        const path = route.path.replace(/:(id|token)/, () => (/^%[0-9A-F]{0,2}$/i.test(value) ? value : encodeURIComponent(value)));
        const headers: Record<string, string> = { ...callers[caller], 'x-forwarded-for': '198.51.100.7' };
        const init: RequestInit = { method: route.method, headers };
        if (route.method !== 'GET' && body.kind === 'json') {
          headers['content-type'] = 'application/json';
          init.body = JSON.stringify(body.value) ?? 'null';
        } else if (route.method !== 'GET' && body.kind === 'bytes') {
          headers['content-type'] = 'application/json';
          init.body = body.bytes;
        } else if (route.method !== 'GET' && body.kind === 'raw') {
          headers['content-type'] = body.contentType;
          init.body = body.text;
        }
        const bodyValid =
          body.kind === 'json'
            ? findIllFormedText(body.value) === undefined && (route.body?.safeParse(body.value ?? {}).success ?? true)
            : body.kind === 'bytes'
            ? false
            : // A route whose body is optional takes a request that sends no JSON at all.
              (route.body?.safeParse(undefined).success ?? true);
        const valid =
          bodyValid &&
          (route.params?.safeParse({ id: value, token: value }).success ?? true);

        const before = await api.head();
        const response = await fetch(`${api.url}/api${path}`, init);
        const text = await response.text();
        expect(response.status, `${route.method} ${path} -> ${text.slice(0, 300)}`).toBeLessThan(500);
        if (response.status >= 400 && response.status !== 404) {
          const problem = JSON.parse(text) as { message?: unknown };
          expect(typeof problem.message).toBe('string');
        }
        if (route.method !== 'GET' && body.kind === 'json' && findIllFormedText(body.value) !== undefined) {
          expect(response.status, `${route.id} took ill-formed text: ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
        }
        if (route.method !== 'GET' && body.kind === 'bytes') {
          expect(response.status, `${route.id} took bytes that are not UTF-8: ${text.slice(0, 300)}`).toBe(400);
          expect(text).toContain('contains a broken character');
        }
        if (!valid) expect(await api.head(), `${route.id} appended for ${JSON.stringify(body).slice(0, 200)}`).toBe(before);
      }),
      { numRuns: 1_000 },
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signedInAdmin, signIn, type Session } from './accounts.js';
import { createOwnRedis, type OwnRedis } from './own-redis.js';
import { startProduct, type RunningProduct } from './product.js';

interface Answer {
  readonly status: number;
  readonly message: string | undefined;
  readonly retryAfter: string | null;
}

/**
 * Redis carries the change notices that keep the query API's cached standings fresh, and the
 * queues that run the projections. The product runs on a Redis of the test's own, which the test
 * stops: what a member or an admin may do then must still follow their account as it stands.
 */
describe('while Redis is down', () => {
  let redis: OwnRedis;
  let product: RunningProduct;
  let admin: string;

  beforeAll(async () => {
    redis = await createOwnRedis();
    await redis.start();
    product = await startProduct('redisoutage', { env: { REDIS_URL: redis.url } });
    admin = await signedInAdmin(product.base, product.schemas);
  }, 120_000);
  afterAll(async () => {
    await product?.stop();
    await redis?.destroy();
  });

  const call = async (method: string, path: string, authorization: string, body?: unknown, signal?: AbortSignal): Promise<Answer> => {
    const response = await fetch(`${product.base}/api${path}`, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    });
    const text = await response.text();
    const message = text.startsWith('{') ? (JSON.parse(text) as { message?: string }).message : undefined;
    return { status: response.status, message, retryAfter: response.headers.get('retry-after') };
  };
  const status = async (method: string, path: string, session: Session) => (await call(method, path, session.authorization)).status;
  const checks = async () => {
    const response = await fetch(`${product.base}/api/ready`);
    const body = (await response.json()) as { services: Record<string, { checks?: Record<string, { status: string }> }> };
    return { ready: response.status === 200, queryRedis: body.services['query-api']?.checks?.['redis']?.status };
  };
  /** Stops Redis and waits until the query API itself finds it gone (its connections closed). */
  const stopRedis = async () => {
    await redis.stop();
    await expect.poll(async () => (await checks()).queryRedis, { timeout: 15_000, interval: 100 }).toBe('down');
  };
  const startRedis = async () => {
    await redis.start();
    await expect.poll(async () => (await checks()).ready, { timeout: 60_000, interval: 250 }).toBe(true);
  };
  /** An account written straight to the event store, signed in, once its read models have it. */
  const account = async (email: string, role: 'user' | 'admin' = 'user') => {
    const id = await createAccount(product.schemas, email, role);
    const session = await signIn(product.base, email);
    await expect.poll(() => status('GET', '/auth/me', session), { timeout: 15_000, interval: 50 }).toBe(200);
    return { id, session };
  };

  it('refuses a member suspended and an admin demoted during the outage on their very next read of the query API', async () => {
    const member = await account('suspended-in-outage@example.com');
    const other = await account('demoted-in-outage@example.com', 'admin');
    const bystander = await account('bystander-in-outage@example.com');
    expect(await status('GET', '/wallets/balances', member.session)).toBe(200);
    expect(await status('GET', '/users?limit=1', other.session)).toBe(200);

    await stopRedis();
    try {
      // The command side decides from the event store itself: both changes are accepted.
      expect((await call('PUT', `/users/${member.id}`, admin, { status: 'suspended' })).status).toBe(200);
      expect((await call('PUT', `/users/${other.id}`, admin, { role: 'user' })).status).toBe(200);

      const suspended = { status: 403, message: 'Your account has been suspended. Please contact support.' };
      for (const path of ['/wallets/balances', '/auth/me', `/deposits/user/${member.id}`]) {
        expect(await call('GET', path, member.session.authorization)).toMatchObject(suspended);
      }
      const ended = { status: 401, message: 'Your session has ended. Please sign in again.' };
      for (const path of ['/users?limit=1', '/deposits', '/audit/streams', `/audit/streams/user-${member.id}`]) {
        expect(await call('GET', path, other.session.authorization)).toMatchObject(ended);
      }
      // Everyone else keeps reading: their standing comes from the event store meanwhile.
      expect(await status('GET', '/wallets/balances', bystander.session)).toBe(200);
      expect((await call('GET', '/users?limit=1', admin)).status).toBe(200);
    } finally {
      await startRedis();
    }

    // Redis is back and the projections catch up: the refusals hold throughout and after.
    expect(await call('GET', '/wallets/balances', member.session.authorization)).toMatchObject({ status: 403 });
    expect(await call('GET', '/users?limit=1', other.session.authorization)).toMatchObject({ status: 401 });
    expect(await status('GET', '/wallets/balances', bystander.session)).toBe(200);
  }, 120_000);

  it("answers a member's portfolio refresh at once with 503 and Retry-After instead of waiting on the queue", async () => {
    const member = await account('refresh-in-outage@example.com');
    await stopRedis();
    try {
      // Before the fix the answer came after about 8 s; a client that gives up after 6 s gets it now.
      const answer = await call('GET', '/wallets/performance?refresh=true', member.session.authorization, undefined, AbortSignal.timeout(6_000));
      expect(answer).toEqual({
        status: 503,
        message: 'Your portfolio cannot be refreshed right now. Please try again in a moment.',
        retryAfter: '5',
      });
      // The figures as they are still answer.
      expect(await status('GET', '/wallets/performance', member.session)).toBe(200);
    } finally {
      await startRedis();
    }
  }, 120_000);
});

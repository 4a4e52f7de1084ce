import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS_COLLECTION, type UserReadModel } from '@concierge/contracts';
import { ensureDatabase } from '@concierge/platform/postgres/database';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import { signedInAdmin } from './accounts.js';
import { createOwnPostgres, type OwnPostgres } from './own-postgres.js';
import { createOwnRedis, type OwnRedis } from './own-redis.js';
import { startProduct, type RunningProduct } from './product.js';

interface Outcome {
  readonly email: string;
  readonly status: number;
  readonly retryAfter: string | null;
  readonly message: string | undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * PostgreSQL and Redis (each of the test's own) go away and come back under a steady stream of
 * registrations, through every process of the product behind the gateway; then each service is
 * SIGKILLed. Nobody restarts anything by hand.
 */
describe('faults under load: the product heals without a person', () => {
  let database: OwnPostgres;
  let queues: OwnRedis;
  let product: RunningProduct;
  let admin: string;

  beforeAll(async () => {
    database = await createOwnPostgres();
    await database.start();
    await ensureDatabase(database.url);
    queues = await createOwnRedis();
    await queues.start();
    product = await startProduct('faults', {
      databaseUrl: database.url,
      env: { REDIS_URL: queues.url, RATE_LIMIT_REGISTER_PER_IP: '100000', RATE_LIMIT_LOGIN_PER_IP: '100000' },
    });
    admin = await signedInAdmin(product.base, product.schemas);
  }, 90_000);

  afterAll(async () => {
    await product?.stop();
    await queues?.destroy();
    await database?.destroy();
  });

  const register = async (email: string): Promise<Outcome> => {
    const response = await fetch(`${product.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Analytical1', firstName: 'Load', lastName: 'Tester' }),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    const message = text.startsWith('{') ? (JSON.parse(text) as { message?: string }).message : text.slice(0, 80);
    return { email, status: response.status, retryAfter: response.headers.get('retry-after'), message };
  };

  const readiness = async () => {
    const response = await fetch(`${product.base}/api/ready`);
    return { status: response.status, body: (await response.json()) as { status: string; services: Record<string, { status: string; checks?: Record<string, { status: string }> }> } };
  };
  const eventuallyReady = async () => {
    const deadline = Date.now() + 20_000;
    let last = await readiness();
    while (last.status !== 200 && Date.now() < deadline) {
      await sleep(250);
      last = await readiness();
    }
    return last;
  };

  interface LoadRun {
    readonly outcomes: readonly Outcome[];
    readonly duringOutage: readonly Outcome[];
    readonly reads: readonly number[];
  }

  /**
   * Four clients register one account after another and an admin reads the pending list, while
   * `outage` takes a dependency away and brings it back; then everyone stops.
   */
  const underLoad = async (label: string, outage: () => Promise<void>): Promise<LoadRun> => {
    const outcomes: Outcome[] = [];
    let writing = true;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let n = 0; writing; n += 1) {
        outcomes.push(await register(`${label}-${w}-${n}-${randomUUID().slice(0, 6)}@example.com`));
        await sleep(20);
      }
    });
    const reads: number[] = [];
    const reader = (async () => {
      while (writing) {
        const response = await fetch(`${product.base}/api/users/pending`, { headers: { authorization: admin } });
        reads.push(response.status);
        await response.body?.cancel();
        await sleep(100);
      }
    })();
    await sleep(1_500);
    const beforeOutage = outcomes.length;
    await outage();
    const duringOutage = outcomes.slice(beforeOutage);
    await sleep(4_000);
    writing = false;
    await Promise.all([...writers, reader]);
    const count = (list: readonly number[]) => Object.fromEntries([...new Set(list)].map((s) => [s, list.filter((x) => x === s).length]));
    console.log(`${label}: commands by status`, count(outcomes.map((o) => o.status)), 'during the outage', count(duringOutage.map((o) => o.status)), 'reads', count(reads));
    return { outcomes, duringOutage, reads };
  };

  /** Nothing died, nothing was restarted: every process is the one that started. */
  const expectNoProcessLost = (pidsBefore: Record<string, number | undefined>) => {
    const log = () => product.output.filter((line) => /error|exit|restart|fatal/i.test(line)).slice(-40).join('');
    expect(product.restarts(), log()).toEqual({ 'command-api': 0, 'query-api': 0, workers: 0, web: 0 });
    expect(product.pids()).toEqual(pidsBefore);
  };

  /** Refused commands were refused with a plain 503 and a Retry-After, never anything else. */
  const expectOnly503Refusals = (run: LoadRun) => {
    expect(run.duringOutage.filter((o) => o.status !== 201).length).toBeGreaterThan(0);
    for (const outcome of run.outcomes.filter((o) => o.status !== 201)) {
      expect(outcome, JSON.stringify(outcome)).toMatchObject({ status: 503 });
      expect(Number(outcome.retryAfter)).toBeGreaterThan(0);
    }
  };

  /** After the outage commands succeed again, and every acknowledged one is in the store once and in the read model once. */
  const expectEveryAcknowledgedOnce = async (run: LoadRun, label: string) => {
    expect((await eventuallyReady()).status).toBe(200);
    const after = await register(`${label}-after-${randomUUID().slice(0, 6)}@example.com`);
    expect(after.status).toBe(201);
    const acknowledged = [...run.outcomes.filter((o) => o.status === 201).map((o) => o.email), after.email];
    expect(acknowledged.length).toBeGreaterThan(5);

    const { rows } = await product.schemas.pool.query<{ email: string; n: string }>(
      `SELECT data->>'email' AS email, count(*)::text AS n FROM ${product.schemas.eventStoreSchema}.events WHERE type = 'UserRegistered' GROUP BY 1`,
    );
    const stored = new Map(rows.map((row) => [row.email, Number(row.n)]));
    for (const email of acknowledged) expect(stored.get(email), email).toBe(1);

    const users = createPgReadStore({ pool: product.schemas.pool, schema: product.schemas.readStoreSchema }).collection<UserReadModel>(USERS_COLLECTION);
    const deadline = Date.now() + 20_000;
    let missing = acknowledged;
    while (missing.length > 0 && Date.now() < deadline) {
      const docs = await users.find({ limit: 100_000 });
      const seen = new Map<string, number>();
      for (const doc of docs) seen.set(doc.email, (seen.get(doc.email) ?? 0) + 1);
      expect([...seen.values()].every((n) => n === 1)).toBe(true);
      missing = acknowledged.filter((email) => !seen.has(email));
      if (missing.length > 0) await sleep(200);
    }
    expect(missing).toEqual([]);
  };

  it('keeps every service up through a PostgreSQL restart, answers 503 while it is away, and loses or doubles no acknowledged command', { timeout: 120_000 }, async () => {
    const pidsBefore = product.pids();
    const ready = await eventuallyReady();
    expect(ready.body).toMatchObject({ status: 'ready', services: { gateway: { status: 'ready' }, 'command-api': { status: 'ready' }, 'query-api': { status: 'ready' } } });
    expect(Object.keys(ready.body.services['query-api']?.checks ?? {}).sort()).toEqual(['eventStore', 'projections', 'readStore', 'redis', 'workers']);

    const run = await underLoad('pg', async () => {
      await database.stop();
      await sleep(1_500);
      // Readiness names what is missing while the database is away.
      const unready = await readiness();
      expect(unready.status).toBe(503);
      expect(unready.body.services['query-api']?.checks?.['readStore']?.status).toBe('down');
      expect(unready.body.services['command-api']?.checks?.['eventStore']?.status).toBe('down');
      expect(unready.body.services['command-api']?.checks?.['redis']?.status).toBe('up');
      await sleep(1_500);
      await database.start();
    });

    expectNoProcessLost(pidsBefore);
    expectOnly503Refusals(run);
    expect(new Set(run.reads.filter((s) => s !== 200))).toEqual(new Set(run.reads.includes(503) ? [503] : []));
    await expectEveryAcknowledgedOnce(run, 'pg');
  });

  it('keeps every service up through a Redis restart: reads go on, commands that need it answer 503, and queued work resumes', { timeout: 120_000 }, async () => {
    const pidsBefore = product.pids();
    expect((await eventuallyReady()).status).toBe(200);

    const run = await underLoad('redis', async () => {
      await queues.stop();
      await sleep(2_500);
      const unready = await readiness();
      expect(unready.status).toBe(503);
      expect(unready.body.services['command-api']?.checks?.['redis']?.status).toBe('down');
      expect(unready.body.services['query-api']?.checks?.['redis']?.status).toBe('down');
      expect(unready.body.services['command-api']?.checks?.['eventStore']?.status).toBe('up');
      await sleep(1_500);
      await queues.start();
    });

    expectNoProcessLost(pidsBefore);
    expectOnly503Refusals(run);
    // Reading needs no Redis: the pending list is served throughout.
    expect(new Set(run.reads)).toEqual(new Set([200]));
    await expectEveryAcknowledgedOnce(run, 'redis');
  });

  it('restarts a SIGKILLed service under the supervisor, and the product keeps answering', { timeout: 60_000 }, async () => {
    for (const service of ['command-api', 'query-api', 'workers'] as const) {
      const before = product.pids()[service];
      expect(before, service).toBeDefined();
      process.kill(before ?? 0, 'SIGKILL');
      const deadline = Date.now() + 30_000;
      while (product.pids()[service] === undefined || product.pids()[service] === before) {
        if (Date.now() > deadline) throw new Error(`${service} was not restarted`);
        await sleep(100);
      }
      // The new process answers: a command goes through and its read comes back through the gateway.
      let registered: Outcome | undefined;
      while (registered?.status !== 201 && Date.now() < deadline) {
        registered = await register(`after-kill-${service}-${randomUUID().slice(0, 6)}@example.com`);
        // While the service starts again the gateway answers 503 with Retry-After, never a 502.
        if (registered.status !== 201) expect(registered, JSON.stringify(registered)).toMatchObject({ status: 503 });
        if (registered.status !== 201) await sleep(Number(registered.retryAfter ?? 1) * 100);
      }
      expect(registered?.status).toBe(201);
      const search = encodeURIComponent(registered?.email ?? '');
      let seen = false;
      while (!seen && Date.now() < deadline) {
        const response = await fetch(`${product.base}/api/users?search=${search}`, { headers: { authorization: admin } });
        seen = response.status === 200 && ((await response.json()) as { total: number }).total === 1;
        if (!seen) await sleep(200);
      }
      expect(seen, `${service}: the registration reached the read model`).toBe(true);
    }
    expect(product.restarts()).toMatchObject({ 'command-api': 1, 'query-api': 1, workers: 1, web: 0 });
    expect(product.output.filter((line) => line.startsWith('[supervisor]')).length).toBe(3);
  });
});

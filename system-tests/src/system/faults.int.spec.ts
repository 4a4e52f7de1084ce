import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDatabase } from '@concierge/platform/postgres/database';
import { signedInAdmin } from './accounts.js';
import { faultLoad, sleep, type LoadRun, type Outcome } from './fault-load.js';
import { expectOnlyRefusalsAndCuts, outageWithKills, type CombinedOutage } from './fault-outage.js';
import { createOwnPostgres, type OwnPostgres } from './own-postgres.js';
import { createOwnRedis, type OwnRedis } from './own-redis.js';
import { startProduct, type RunningProduct } from './product.js';

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
      env: { REDIS_URL: queues.url, RATE_LIMIT_REGISTER_PER_IP: '100000', RATE_LIMIT_LOGIN_PER_IP: '100000', RATE_LIMIT_VERIFY_EMAIL_PER_IP: '100000' },
    });
    admin = await signedInAdmin(product.base, product.schemas);
  }, 180_000);

  afterAll(async () => {
    await product?.stop();
    await queues?.destroy();
    await database?.destroy();
  });

  // The product and the admin exist once beforeAll ran.
  const load = () => faultLoad(product, admin);
  const register = (email: string) => load().register(email);
  const readiness = () => load().readiness();
  const eventuallyReady = () => load().eventuallyReady();
  const underLoad = (label: string, outage: () => Promise<void>) => load().underLoad(label, outage);
  const expectOnly503Refusals = (run: LoadRun) => load().expectOnly503Refusals(run);
  const expectEveryAcknowledgedOnce = (run: LoadRun, label: string, readyWithinMs?: number) => load().expectEveryAcknowledgedOnce(run, label, readyWithinMs);

  /** Nothing died, nothing was restarted: every process is the one that started. */
  const expectNoProcessLost = (pidsBefore: Record<string, number | undefined>) => {
    const log = () => product.output.filter((line) => /error|exit|restart|fatal/i.test(line)).slice(-40).join('');
    expect(product.restarts(), log()).toEqual({ 'command-api': 0, 'query-api': 0, workers: 0, web: 0 });
    expect(product.pids()).toEqual(pidsBefore);
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

  it('restarts a SIGKILLed service under the supervisor, and the product keeps answering', { timeout: 180_000 }, async () => {
    for (const service of ['command-api', 'query-api', 'workers'] as const) {
      const before = product.pids()[service];
      expect(before, service).toBeDefined();
      process.kill(before ?? 0, 'SIGKILL');
      // A restarted service boots in seconds; on a machine as loaded as a busy CI runner, in tens of them.
      const deadline = Date.now() + 60_000;
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

  /**
   * A dependency away for 40 s, and services SIGKILLed inside the outage: the supervisor starts
   * them again, they wait for the dependency (it used to count five quick deaths and stop the whole
   * product), and everything comes back by itself with every acknowledged command kept once.
   */
  const combined = async (label: string, outage: Omit<CombinedOutage, 'readiness' | 'outageMs'>) => {
    const restartsBefore = product.restarts();
    let figures = { unreadyMs: 0, readyAfterReturnMs: 0 };
    const run = await underLoad(label, async () => {
      figures = await outageWithKills(product, { ...outage, outageMs: 40_000, readiness });
    });
    console.log(
      `${label}: unready for ${(figures.unreadyMs / 1000).toFixed(1)} s in all (40 s outage, ${outage.victims.join(' and ')} SIGKILLed in it); ` +
        `ready ${(figures.readyAfterReturnMs / 1000).toFixed(1)} s after the dependency returned`,
    );
    expect(product.output.filter((line) => line.includes('giving up'))).toEqual([]);
    for (const victim of outage.victims) expect(product.restarts()[victim], victim).toBeGreaterThan(restartsBefore[victim] ?? 0);
    expect(Object.values(product.pids()).every((pid) => pid !== undefined)).toBe(true);
    // Each exit of the command API (the kill, and any exit of the process the supervisor started
    // again) may cut calls of the four clients in flight.
    const commandApiExits = (product.restarts()['command-api'] ?? 0) - (restartsBefore['command-api'] ?? 0);
    expectOnlyRefusalsAndCuts(run.outcomes, commandApiExits, product.output);
    await expectEveryAcknowledgedOnce(run, label, 60_000);
  };

  it('comes back by itself from a 40 s PostgreSQL outage with both APIs SIGKILLed inside it, losing or doubling no acknowledged command', { timeout: 300_000 }, async () => {
    await combined('pg-40s-kill', { check: 'postgres', stop: () => database.stop(), start: () => database.start(), victims: ['command-api', 'query-api'] });
  });

  it('comes back by itself from a 40 s Redis outage with the workers and the command API SIGKILLed inside it, losing or doubling no acknowledged command', { timeout: 300_000 }, async () => {
    await combined('redis-40s-kill', { check: 'redis', stop: () => queues.stop(), start: () => queues.start(), victims: ['workers', 'command-api'] });
  });
});

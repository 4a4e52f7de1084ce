import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDatabase } from '@concierge/platform/postgres/database';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { EXIT_CODES, startServices } from '@concierge/supervisor';
import { sleep } from './fault-load.js';
import { freePort } from './free-port.js';
import { createOwnPostgres, type OwnPostgres } from './own-postgres.js';
import { createOwnRedis, type OwnRedis } from './own-redis.js';
import { testServiceEnv } from './product.js';

interface ReadyBody {
  readonly status: string;
  readonly waitingFor?: readonly string[];
  readonly checks?: Record<string, { status: string; error?: string }>;
}

const ready = (origin: string) =>
  fetch(`${origin}/ready`).then(
    async (response) => ({ status: response.status, body: (await response.json()) as ReadyBody }),
    () => undefined,
  );

/** Polls `origin`'s `/ready` until `wanted` holds of its answer, or fails with everything the services printed. */
async function until(origin: string, wanted: (body: ReadyBody, status: number) => boolean, output: readonly string[], withinMs = 60_000) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const seen = await ready(origin);
    if (seen && wanted(seen.body, seen.status)) return seen;
    if (Date.now() > deadline) throw new Error(`${origin}/ready never answered as expected (last: ${JSON.stringify(seen)}):\n${output.join('')}`);
    await sleep(250);
  }
}

/**
 * The product started while PostgreSQL and Redis (the test's own) are down: each service waits for
 * them in-process (it used to exit, and the supervisor stopped everything after five quick deaths).
 * A bad setting still stops the product, at once and with its message.
 */
describe('starting while a dependency is down', () => {
  let database: OwnPostgres;
  let queues: OwnRedis;
  let schemas: TestSchemas;

  beforeAll(async () => {
    database = await createOwnPostgres();
    await database.start();
    await ensureDatabase(database.url);
    schemas = await createTestSchemas('dependency-wait', database.url);
    queues = await createOwnRedis();
    await queues.start();
  }, 60_000);

  afterAll(async () => {
    await database?.start();
    await schemas?.drop();
    await queues?.destroy();
    await database?.destroy();
  });

  const serviceEnv = async () => {
    const [gateway, command, query] = await Promise.all([freePort(), freePort(), freePort()]);
    const base = `http://127.0.0.1:${gateway}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'concierge-dependency-wait-'));
    const env = {
      ...testServiceEnv({ base, schemas, queuePrefix: `test-wait-${randomUUID().slice(0, 8)}`, dataDir }),
      PORT: String(gateway),
      COMMAND_API_PORT: String(command),
      QUERY_API_PORT: String(query),
      COMMAND_API_URL: `http://127.0.0.1:${command}`,
      QUERY_API_URL: `http://127.0.0.1:${query}`,
      REDIS_URL: queues.url,
    };
    return { base, command: env.COMMAND_API_URL, query: env.QUERY_API_URL, env };
  };

  it('waits for PostgreSQL and Redis, saying so on /ready, and comes up once they return, with no restart', { timeout: 180_000 }, async () => {
    await database.stop();
    await queues.stop();
    const { base, command, query, env } = await serviceEnv();
    const output: string[] = [];
    const services = startServices({ mode: 'source', write: (line) => void output.push(line), env });
    let gaveUp: unknown;
    void services.exited.then((exit) => (gaveUp = exit));
    try {
      // Each API answers on its own port while it waits, naming both servers it waits for.
      for (const origin of [command, query]) {
        const waiting = await until(origin, (body) => body.waitingFor?.length === 2, output);
        expect(waiting.status).toBe(503);
        expect(waiting.body.checks).toMatchObject({ postgres: { status: 'down' }, redis: { status: 'down' } });
        expect(waiting.body.checks?.['postgres']?.error).toContain('PostgreSQL is not reachable');
      }
      // A command through the gateway meanwhile: refused with 503 and Retry-After, nothing else.
      const refused = await fetch(`${base}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

      await queues.start();
      const onlyPostgres = await until(command, (body) => body.waitingFor?.join() === 'PostgreSQL', output);
      expect(onlyPostgres.body.checks).toMatchObject({ postgres: { status: 'down' }, redis: { status: 'up' } });
      await database.start();
      const returned = Date.now();
      await until(base + '/api', (_body, status) => status === 200, output, 90_000);
      console.log(`dependency-wait: the product was ready ${((Date.now() - returned) / 1000).toFixed(1)} s after PostgreSQL returned`);

      const registered = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `waited-${randomUUID().slice(0, 6)}@example.com`, password: 'Analytical1', firstName: 'Wait', lastName: 'Ed' }),
      });
      expect(registered.status).toBe(201);
      for (const service of ['command-api', 'query-api', 'workers']) {
        expect(output.some((line) => line.startsWith(`[${service}]`) && line.includes('waiting for PostgreSQL and Redis before starting')), service).toBe(true);
      }
      expect(services.restarts()).toEqual({ 'command-api': 0, 'query-api': 0, workers: 0, web: 0 });
      expect(gaveUp).toBeUndefined();
    } finally {
      await services.stop();
    }
  });

  const withRole = (url: string, role: string) => Object.assign(new URL(url), { username: role }).href;
  it.each([
    ['an invalid setting', () => ({ ARGON2_MEMORY_KIB: 'plenty' }), /command-api: Invalid configuration: ARGON2_MEMORY_KIB/],
    ['a database role that does not exist', () => ({ DATABASE_URL: withRole(schemas.connectionString, 'no_such_role_i23') }), /command-api: DATABASE_URL: .*no_such_role_i23/],
  ])('stops the product at once on %s, with its message, even while Redis is down', { timeout: 60_000 }, async (_what, bad, message) => {
    await database.start();
    await queues.stop();
    const { env } = await serviceEnv();
    const output: string[] = [];
    const services = startServices({ mode: 'source', write: (line) => void output.push(line), env: { ...env, ...bad() }, instances: [{ name: 'command-api', service: 'command-api' }] });
    try {
      const exit = await services.exited;
      expect(exit.code).toBe(EXIT_CODES.badSetting);
      expect(exit.message).toMatch(message);
      expect(services.restarts()).toEqual({ 'command-api': 0 });
      expect(output.some((line) => line.startsWith('[supervisor] command-api stopped on a bad setting'))).toBe(true);
    } finally {
      await services.stop();
      await queues.start();
    }
  });
});

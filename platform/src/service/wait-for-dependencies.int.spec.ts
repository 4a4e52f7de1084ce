import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/env.js';
import { TEST_DATABASE_URL } from '../testing/postgres.js';
import { postgresDependency, redisDependency } from './dependencies.js';
import { waitForDependencies } from './wait-for-dependencies.js';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A logger whose lines the test reads. */
function capturedLogger() {
  const lines: { msg: string; nextTryInMs?: number; waitingFor?: string[] }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

const call = async (port: number, path: string, method = 'GET') => {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { method });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Record<string, unknown> };
};

/** A Redis server of the test's own on `port`, started when the test says so. */
let redis: ChildProcess | undefined;
async function startRedis(port: number): Promise<void> {
  redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  while (!(await redisDependency(`redis://127.0.0.1:${port}`).probe().then(() => true, () => false))) await new Promise((r) => setTimeout(r, 50));
}

afterEach(() => {
  redis?.kill('SIGTERM');
  redis = undefined;
});

describe('waitForDependencies', () => {
  it('waits for a server that is down, answering 503 that names it, logs each look with a capped back-off, and returns once it answers', async () => {
    const [redisPort, servicePort] = await Promise.all([freePort(), freePort()]);
    const { logger, lines } = capturedLogger();
    let done = false;
    const waiting = waitForDependencies({
      dependencies: [postgresDependency(TEST_DATABASE_URL), redisDependency(`redis://127.0.0.1:${redisPort}`)],
      logger,
      listen: { host: '127.0.0.1', port: servicePort },
      backoff: { firstDelayMs: 50, maxDelayMs: 200 },
    }).then(() => (done = true));

    let ready = await call(servicePort, '/ready').catch(() => undefined);
    while (!ready) ready = await call(servicePort, '/ready').catch(() => undefined);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'not ready', waitingFor: ['Redis'], checks: { postgres: { status: 'up' }, redis: { status: 'down' } } });
    expect(JSON.stringify(ready.body)).toContain(`Redis is not reachable at 127.0.0.1:${redisPort}`);
    expect(await call(servicePort, '/health')).toMatchObject({ status: 503, body: { status: 'waiting', waitingFor: ['Redis'] } });
    const command = await call(servicePort, '/auth/register', 'POST');
    expect(command).toMatchObject({ status: 503, body: { status: 503, message: 'The service is waiting for Redis. Please try again in a moment.' } });
    expect(Number(command.retryAfter)).toBeGreaterThan(0);
    while (lines.length < 5) await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(false);

    await startRedis(redisPort);
    await waiting;
    const waits = lines.filter((line) => line.msg.startsWith('waiting for Redis before starting'));
    expect(waits.length).toBeGreaterThanOrEqual(5);
    expect(waits.slice(0, 4).map((line) => line.nextTryInMs)).toEqual([50, 100, 200, 200]);
    expect(lines.at(-1)?.msg).toBe('PostgreSQL and Redis answer; starting');
    // The port is free again for the service itself.
    await expect(call(servicePort, '/ready')).rejects.toThrow();
  });

  it('ends the wait as soon as a readiness probe finds every server back, not at the next back-off step', async () => {
    const [redisPort, servicePort] = await Promise.all([freePort(), freePort()]);
    const { logger } = capturedLogger();
    const waiting = waitForDependencies({
      dependencies: [redisDependency(`redis://127.0.0.1:${redisPort}`)],
      logger,
      listen: { host: '127.0.0.1', port: servicePort },
      // Longer than the test may run: only the probe can end this wait.
      backoff: { firstDelayMs: 600_000, maxDelayMs: 600_000 },
    });
    let ready = await call(servicePort, '/ready').catch(() => undefined);
    while (!ready) ready = await call(servicePort, '/ready').catch(() => undefined);
    await startRedis(redisPort);
    expect((await call(servicePort, '/ready')).body).toMatchObject({ waitingFor: [], checks: { redis: { status: 'up' } } });
    await waiting;
  });

  it('returns at once when every server answers, and stops on a bad setting with its message instead of waiting', async () => {
    const { logger, lines } = capturedLogger();
    await waitForDependencies({ dependencies: [postgresDependency(TEST_DATABASE_URL), redisDependency('redis://127.0.0.1:6379')], logger });
    expect(lines).toEqual([]);
    const badRole = new URL(TEST_DATABASE_URL);
    badRole.username = 'no_such_role_i23';
    const stopped = waitForDependencies({ dependencies: [postgresDependency(badRole.href)], logger });
    await expect(stopped).rejects.toBeInstanceOf(ConfigError);
    await expect(stopped).rejects.toThrow(/no_such_role_i23/);
  });
});

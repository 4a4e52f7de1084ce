import { randomUUID } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import express from 'express';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { problemHandler } from '../http/problem.js';
import { listen, postJson } from '../testing/http.js';
import { redisRateLimiter } from './fixed-window.js';
import { withFallback } from './fallback.js';
import { memoryRateLimiter } from './memory.js';
import { rateLimit } from './middleware.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const prefix = `test-rate-${randomUUID().slice(0, 8)}`;
const minute = 60_000;

describe('fixed-window rate limiter (real Redis)', () => {
  const redis = new Redis(REDIS_URL);
  let clock = 10 * minute; // the start of a window
  const limiter = redisRateLimiter(redis, { prefix, now: () => clock });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('allows the limit within a window, refuses the next hit until the window ends, then starts over', async () => {
    const rule = { limit: 3, windowMs: 15 * minute };
    clock = 15 * minute * 4 + 2 * minute; // 2 minutes into a window
    const hits = [];
    for (let i = 0; i < 4; i += 1) hits.push(await limiter.hit('login', 'ada@example.com', rule));
    expect(hits.map((h) => h.allowed)).toEqual([true, true, true, false]);
    expect(hits[3]?.retryAfterMs).toBe(13 * minute);
    clock += 13 * minute;
    expect((await limiter.hit('login', 'ada@example.com', rule)).allowed).toBe(true);
  });

  it('counts each client and each counter separately, and lets its keys expire with the window', async () => {
    const rule = { limit: 1, windowMs: minute };
    expect((await limiter.hit('forgot', 'one@example.com', rule)).allowed).toBe(true);
    expect((await limiter.hit('forgot', 'two@example.com', rule)).allowed).toBe(true);
    expect((await limiter.hit('login', 'one@example.com', rule)).allowed).toBe(true);
    expect((await limiter.hit('forgot', 'one@example.com', rule)).allowed).toBe(false);
    const keys = await redis.keys(`${prefix}:rate-limit:forgot:*`);
    expect(keys.length).toBe(2);
    for (const key of keys) {
      expect(key).not.toContain('example.com');
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(minute);
    }
  });

  it('answers 429 with Retry-After and the wait in minutes over HTTP; other clients still pass', async () => {
    clock = 100 * 15 * minute + 30_000; // 30 s into a 15-minute window
    const app = express();
    app.set('trust proxy', 'loopback');
    app.use(express.json());
    const check = { name: 'http', rule: { limit: 2, windowMs: 15 * minute }, clientOf: (req: express.Request) => req.ip };
    app.post('/attempt', rateLimit(limiter, [check], { onError: () => undefined }), (_req, res) => {
      res.json({ ok: true });
    });
    app.use(problemHandler(pino({ level: 'silent' })));
    const api = await listen(app);
    try {
      const from = (ip: string) => postJson(`${api.url}/attempt`, {}, { 'x-forwarded-for': ip });
      expect((await from('203.0.113.7')).status).toBe(200);
      expect((await from('203.0.113.7')).status).toBe(200);
      const refused = await from('203.0.113.7');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe(String(15 * 60 - 30));
      expect(refused.body['message']).toBe('Too many attempts. Please try again in 15 minutes.');
      expect((await from('198.51.100.1')).status).toBe(200);
    } finally {
      await api.close();
    }
  });

  it('keeps counting in the process, and says so once, when Redis cannot be reached (a closed port)', async () => {
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    down.on('error', () => undefined);
    const fellBack: unknown[] = [];
    const limiter = withFallback(redisRateLimiter(down, { prefix }), memoryRateLimiter(), { onFallback: (e) => fellBack.push(e), onRecovered: () => undefined });
    const app = express();
    app.set('trust proxy', 'loopback');
    const check = { name: 'down', rule: { limit: 2, windowMs: 15 * minute }, clientOf: (req: express.Request) => req.ip };
    app.post('/attempt', rateLimit(limiter, [check], { onError: () => undefined }), (_req, res) => {
      res.json({ ok: true });
    });
    app.use(problemHandler(pino({ level: 'silent' })));
    const api = await listen(app);
    try {
      const from = (ip: string) => postJson(`${api.url}/attempt`, {}, { 'x-forwarded-for': ip });
      expect((await from('203.0.113.20')).status).toBe(200);
      expect((await from('203.0.113.20')).status).toBe(200);
      const refused = await from('203.0.113.20');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await from('198.51.100.20')).status).toBe(200);
      expect(fellBack).toHaveLength(1);
    } finally {
      await api.close();
      down.disconnect();
    }
  });

  it('goes back to Redis when it answers again', async () => {
    const relay = await tcpRelay(6379);
    const flaky = new Redis(`redis://127.0.0.1:${relay.port}`, { enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => 50 });
    flaky.on('error', () => undefined);
    let at = 0;
    const events: string[] = [];
    const limiter = withFallback(redisRateLimiter(flaky, { prefix }), memoryRateLimiter(), {
      onFallback: () => events.push('fallback'),
      onRecovered: () => events.push('recovered'),
      probeIntervalMs: 1_000,
      now: () => at,
    });
    const rule = { limit: 100, windowMs: 15 * minute };
    try {
      await vi.waitFor(() => flaky.ping(), { timeout: 5_000, interval: 50 });
      expect((await limiter.hit('resume', 'c', rule)).count).toBe(1);
      await relay.stop();
      expect((await limiter.hit('resume', 'c', rule)).count).toBe(1); // counted in the process now
      expect((await limiter.hit('resume', 'c', rule)).count).toBe(2);
      await relay.start();
      await vi.waitFor(() => flaky.ping(), { timeout: 5_000, interval: 50 });
      at += 1_000; // the next probe is due
      expect((await limiter.hit('resume', 'c', rule)).count).toBe(2); // Redis's own count, where it left off
      expect(events).toEqual(['fallback', 'recovered']);
    } finally {
      flaky.disconnect();
      await relay.stop();
    }
  });

  it('backs off progressively after the free failures, atomically under a burst, and forgets on success', async () => {
    let at = 1_000_000;
    const limiter = redisRateLimiter(redis, { prefix, now: () => at });
    const rule = { freeFailures: 3, firstDelayMs: 1_000, maxDelayMs: 4_000, forgetAfterMs: 15 * minute };
    const attempts = await Promise.all(Array.from({ length: 6 }, () => limiter.attempt('login', 'ada|203.0.113.1', rule)));
    expect(attempts.filter((a) => a.allowed)).toHaveLength(3);
    expect(attempts.filter((a) => !a.allowed).map((a) => a.retryAfterMs)).toEqual([1_000, 1_000, 1_000]);
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const refused = await limiter.attempt('login', 'ada|203.0.113.1', rule);
      waits.push(refused.retryAfterMs);
      at += refused.retryAfterMs;
      expect((await limiter.attempt('login', 'ada|203.0.113.1', rule)).allowed).toBe(true);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 4_000]);
    expect((await limiter.attempt('login', 'ada|198.51.100.1', rule)).allowed).toBe(true); // another address is another counter
    await limiter.forgive('login', 'ada|203.0.113.1');
    expect((await limiter.attempt('login', 'ada|203.0.113.1', rule)).failures).toBe(1);
  });

  it('applies the same back-off in the in-process limiter', async () => {
    let at = 0;
    const limiter = memoryRateLimiter({ now: () => at });
    const rule = { freeFailures: 2, firstDelayMs: 1_000, maxDelayMs: 8_000, forgetAfterMs: minute };
    expect((await limiter.attempt('x', 'c', rule)).allowed).toBe(true);
    expect((await limiter.attempt('x', 'c', rule)).allowed).toBe(true);
    expect(await limiter.attempt('x', 'c', rule)).toEqual({ allowed: false, failures: 2, retryAfterMs: 1_000 });
    at += 1_000;
    expect((await limiter.attempt('x', 'c', rule)).allowed).toBe(true);
    expect((await limiter.attempt('x', 'c', rule)).retryAfterMs).toBe(2_000);
    at += minute + 8_000;
    expect((await limiter.attempt('x', 'c', rule)).failures).toBe(1); // forgotten after a quiet minute
  });

  it('remembers a client for a while, in Redis (under a hashed key) and in the process alike', async () => {
    expect(await limiter.remembers('known', 'ada@example.com 192.0.2.1')).toBe(false);
    await limiter.remember('known', 'ada@example.com 192.0.2.1', minute);
    expect(await limiter.remembers('known', 'ada@example.com 192.0.2.1')).toBe(true);
    expect(await limiter.remembers('known', 'ada@example.com 192.0.2.2')).toBe(false);
    const [key] = await redis.keys(`${prefix}:known:*`);
    expect(key).not.toContain('ada');
    expect(await redis.pttl(key ?? '')).toBeGreaterThan(0);

    let at = 0;
    const memory = memoryRateLimiter({ now: () => at });
    await memory.remember('known', 'c', 1_000);
    expect(await memory.remembers('known', 'c')).toBe(true);
    at += 1_000;
    expect(await memory.remembers('known', 'c')).toBe(false);
  });
});

/** A TCP relay to a local port that can be stopped and started again on the same port: Redis going away and coming back. */
async function tcpRelay(targetPort: number) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(targetPort, '127.0.0.1');
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', () => undefined);
          s.on('close', () => sockets.delete(s));
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server?.address() as { port: number }).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server?.listening) return resolve();
      server.close(() => resolve());
    });
  await start();
  return { get port() { return port; }, start, stop };
}

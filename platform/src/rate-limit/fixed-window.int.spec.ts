import { randomUUID } from 'node:crypto';
import express from 'express';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { problemHandler } from '../http/problem.js';
import { listen, postJson } from '../testing/http.js';
import { redisRateLimiter } from './fixed-window.js';
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

  it('lets requests through, and reports the failure, when Redis cannot be reached', async () => {
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    const errors: unknown[] = [];
    const app = express();
    const check = { name: 'down', rule: { limit: 1, windowMs: minute }, clientOf: () => 'x' };
    app.post('/attempt', rateLimit(redisRateLimiter(down, { prefix }), [check], { onError: (e) => errors.push(e) }), (_req, res) => {
      res.json({ ok: true });
    });
    const api = await listen(app);
    try {
      expect((await postJson(`${api.url}/attempt`, {})).status).toBe(200);
      expect(errors).toHaveLength(1);
    } finally {
      await api.close();
      down.disconnect();
    }
  });
});

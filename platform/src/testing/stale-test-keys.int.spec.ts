import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeStaleTestKeys } from './stale-test-keys.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

describe('keys earlier test runs left in Redis', () => {
  let redis: Redis;
  // Its own pattern and notes, so this test never touches the keys of a run going on beside it.
  const prefix = `stalekeys-${randomUUID().slice(0, 8)}`;
  const options = (nowSeconds: number) => ({ match: `${prefix}:*`, seenKey: `${prefix}-seen`, staleAfterSeconds: 3600, nowSeconds });

  beforeAll(() => {
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await redis.del(`${prefix}:old`, `${prefix}:new`, `${prefix}-seen`);
    redis.disconnect();
  });

  it('removes a key an hour after a sweep first saw it, and leaves younger ones', async () => {
    await redis.set(`${prefix}:old`, '1');
    expect(await removeStaleTestKeys(redis, options(10_000))).toBe(0);
    await redis.set(`${prefix}:new`, '1');
    expect(await removeStaleTestKeys(redis, options(10_000 + 3599))).toBe(0);
    expect(await removeStaleTestKeys(redis, options(10_000 + 3600))).toBe(1);
    expect(await redis.exists(`${prefix}:old`)).toBe(0);
    expect(await redis.exists(`${prefix}:new`)).toBe(1);
    // The notes follow the keys: the removed one is forgotten, the one left is still dated.
    expect(Object.keys(await redis.hgetall(`${prefix}-seen`))).toEqual([`${prefix}:new`]);
  });
});

import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { startHeartbeat } from './heartbeat.js';

const redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379');

afterAll(() => {
  redis.disconnect();
});

describe('workers heartbeat', () => {
  it('is kept while another process still beats the same key, and deleted when the last one stops', async () => {
    const key = `test-heartbeat-${randomUUID()}`;
    const first = startHeartbeat(redis, key, 60_000, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = startHeartbeat(redis, key, 60_000, 60_000);
    await redis.ping();

    await first.stop();
    expect(await redis.get(key)).not.toBeNull();
    await second.stop();
    expect(await redis.get(key)).toBeNull();
  });
});

import { Redis } from 'ioredis';
import { ensureDatabase } from '../postgres/database.js';
import { TEST_DATABASE_URL } from './postgres.js';
import { removeStaleTestKeys } from './stale-test-keys.js';

/**
 * Vitest global setup: the test database exists before any file runs, and Redis keys that earlier
 * runs left behind are removed (see stale-test-keys.ts). Without Redis the suites that need it say
 * so by name; the sweep only notes that it could not run.
 */
export default async function setup(): Promise<void> {
  await ensureDatabase(TEST_DATABASE_URL);
  const redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    await redis.connect();
    const removed = await removeStaleTestKeys(redis);
    if (removed > 0) console.log(`global setup: removed ${removed} Redis keys left by earlier test runs`);
  } catch (error) {
    console.warn(`global setup: stale test keys in Redis not removed (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    redis.disconnect();
  }
}

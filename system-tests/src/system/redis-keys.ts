import type { Redis } from 'ioredis';

/** Deletes every key matching `pattern` (a SCAN pattern such as `prefix:*`), a page at a time, never with KEYS. */
export async function deleteKeys(redis: Redis, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

import type { Redis } from 'ioredis';

/** A test run touches its keys within minutes of making them; a key found an hour apart belongs to a run that has ended. */
export const STALE_AFTER_SECONDS = 3600;

/** Where each sweep notes when it first saw a key: key name to epoch seconds. */
export const SEEN_KEY = 'concierge-test-sweep:first-seen';

/**
 * Removes the Redis keys earlier test runs left behind: the queues and counters tests make under
 * `test-*` prefixes (BullMQ leaves a queue's keys when its test ends). Each sweep notes the keys it
 * has not seen before and removes those an earlier sweep saw `staleAfterSeconds` ago or more, so the
 * keys of a run still going (minutes old) are never touched. (Redis's own idle time cannot be used:
 * on this machine OBJECT IDLETIME gave 58 s for a key just written.) Returns how many were removed.
 */
export async function removeStaleTestKeys(
  redis: Redis,
  { match = 'test-*', staleAfterSeconds = STALE_AFTER_SECONDS, seenKey = SEEN_KEY, nowSeconds = Math.floor(Date.now() / 1000) } = {},
): Promise<number> {
  const firstSeen = new Map(Object.entries(await redis.hgetall(seenKey)).map(([key, at]) => [key, Number(at)]));
  const present = new Set<string>();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 1000);
    cursor = next;
    for (const key of keys) present.add(key);
  } while (cursor !== '0');
  const stale = [...present].filter((key) => nowSeconds - (firstSeen.get(key) ?? nowSeconds) >= staleAfterSeconds);
  const unseen = [...present].filter((key) => !firstSeen.has(key));
  // Notes of keys that are gone (removed now, or by their tests) are dropped with them.
  const gone = [...firstSeen.keys()].filter((key) => !present.has(key) || stale.includes(key));
  let removed = 0;
  for (let i = 0; i < stale.length; i += 500) removed += await redis.unlink(...stale.slice(i, i + 500));
  for (let i = 0; i < gone.length; i += 500) await redis.hdel(seenKey, ...gone.slice(i, i + 500));
  if (unseen.length > 0) await redis.hset(seenKey, Object.fromEntries(unseen.map((key) => [key, String(nowSeconds)])));
  return removed;
}

import { Redis } from 'ioredis';
import type { ReadinessCheck } from '../http/readiness.js';

/**
 * A Redis client for probes: it fails a command at once while Redis is away instead of queueing
 * it, so readiness answers "down" promptly, and it reconnects by itself when Redis returns.
 */
export function probeRedis(url: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2_000 });
  redis.on('error', () => undefined); // reported by the probes that fail
  return redis;
}

/** Refreshes `key` every `intervalMs` with the time of the beat; it expires `ttlMs` after the last one. */
export function startHeartbeat(redis: Redis, key: string, intervalMs: number, ttlMs: number): { stop(): Promise<void> } {
  let last = '';
  const beat = () => {
    last = String(Date.now());
    void redis.set(key, last, 'PX', ttlMs).catch(() => undefined);
  };
  beat();
  const timer = setInterval(beat, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      // Several worker processes beat the same key: one that stops deletes it only if no other beat since.
      await redis.eval(DELETE_IF_OURS, 1, key, last).catch(() => undefined);
    },
  };
}

const DELETE_IF_OURS = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

/** Redis answers. */
export function redisCheck(redis: Redis): ReadinessCheck {
  return async () => {
    await redis.ping();
  };
}

/** The process beating `key` (the workers) did so within its TTL. */
export function heartbeatCheck(redis: Redis, key: string): ReadinessCheck {
  return async () => {
    const beat = await redis.get(key);
    if (!beat) throw new Error('no heartbeat within its lifetime');
    return { lastBeat: new Date(Number(beat)).toISOString() };
  };
}

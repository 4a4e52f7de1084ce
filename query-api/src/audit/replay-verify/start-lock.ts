import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ServiceUnavailableError } from '@concierge/platform/errors';

/** Runs a start's read-decide-write alone: two starts never both find no run under way and queue two. */
export interface StartLock {
  hold<T>(work: () => Promise<T>): Promise<T>;
}

export const START_BUSY_MESSAGE = 'Another replay-verification is being started right now. Please try again in a moment.';

/** One process: starts wait their turn in a promise chain. */
export function localStartLock(): StartLock {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    hold(work) {
      const run = tail.then(work, work);
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

/** Deletes the key only if it still holds this holder's token (a lock that expired may be another's). */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** The queue lives on the same Redis: when it is away, nothing could be queued anyway. */
async function acquire(redis: Redis, key: string, token: string, ttlMs: number): Promise<string | null> {
  try {
    return await redis.set(key, token, 'PX', ttlMs, 'NX');
  } catch {
    throw new ServiceUnavailableError(LOCK_UNREACHABLE_MESSAGE);
  }
}

export const LOCK_UNREACHABLE_MESSAGE = 'The replay-verification could not be started. Please try again in a moment.';

/**
 * Every query API process: a Redis key set with NX and an expiry (a holder that dies frees it
 * after `ttlMs`), tried every 25 ms for up to `waitMs`; within a process starts also queue locally,
 * so the key is asked for by one start at a time.
 */
export function redisStartLock(redis: Redis, prefix: string, options: { ttlMs?: number; waitMs?: number } = {}): StartLock {
  const key = `${prefix}:replay-verify:start-lock`;
  const ttlMs = options.ttlMs ?? 15_000;
  const waitMs = options.waitMs ?? 10_000;
  const local = localStartLock();
  return {
    hold: (work) =>
      local.hold(async () => {
        const token = randomUUID();
        const deadline = Date.now() + waitMs;
        while ((await acquire(redis, key, token, ttlMs)) !== 'OK') {
          if (Date.now() > deadline) throw new ServiceUnavailableError(START_BUSY_MESSAGE);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        try {
          return await work();
        } finally {
          await redis.eval(RELEASE, 1, key, token);
        }
      }),
  };
}

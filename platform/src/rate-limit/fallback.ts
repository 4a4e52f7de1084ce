import type { RateLimiter } from './fixed-window.js';

export interface FallbackOptions {
  /** Called once when the primary fails and counting moves into this process. */
  readonly onFallback: (error: unknown) => void;
  /** Called once when the primary answers again. */
  readonly onRecovered: () => void;
  /** While on the fallback, the primary is tried again at most this often (ms). */
  readonly probeIntervalMs?: number;
  /** A primary answer slower than this (ms) counts as a failure: a hung Redis must not hang sign-in. */
  readonly timeoutMs?: number;
  readonly now?: () => number;
}

/**
 * Counts in `primary` (Redis) and, while it fails, in `fallback` (this process), so the limits
 * hold through an outage instead of switching off. Recovery is noticed by trying the primary again
 * every `probeIntervalMs`; counts made meanwhile stay in the process and are not carried over.
 */
export function withFallback(primary: RateLimiter, fallback: RateLimiter, options: FallbackOptions): RateLimiter {
  const now = options.now ?? Date.now;
  const probeIntervalMs = options.probeIntervalMs ?? 5_000;
  const timeoutMs = options.timeoutMs ?? 1_000;
  let fallingBackUntil: number | undefined;

  async function either<T>(onPrimary: () => Promise<T>, onFallback: () => Promise<T>): Promise<T> {
    if (fallingBackUntil !== undefined && now() < fallingBackUntil) return onFallback();
    try {
      const result = await withTimeout(onPrimary(), timeoutMs);
      if (fallingBackUntil !== undefined) {
        fallingBackUntil = undefined;
        options.onRecovered();
      }
      return result;
    } catch (error) {
      if (fallingBackUntil === undefined) options.onFallback(error);
      fallingBackUntil = now() + probeIntervalMs;
      return onFallback();
    }
  }

  return {
    hit: (name, client, rule) => either(() => primary.hit(name, client, rule), () => fallback.hit(name, client, rule)),
    attempt: (name, client, rule) => either(() => primary.attempt(name, client, rule), () => fallback.attempt(name, client, rule)),
    remember: (name, client, ttlMs) => either(() => primary.remember(name, client, ttlMs), () => fallback.remember(name, client, ttlMs)),
    remembers: (name, client) => either(() => primary.remembers(name, client), () => fallback.remembers(name, client)),
    // Forgiven in both, so failures counted during an outage do not outlive a success either.
    forgive: async (name, client) => {
      await fallback.forgive(name, client);
      await either(() => primary.forgive(name, client), async () => undefined);
    },
  };
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  work.catch(() => undefined); // a late failure after the timeout has nobody to tell
  try {
    return await Promise.race([
      work,
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`Rate limiter did not answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

import { backoffDelayMs, backoffTtlMs } from './backoff.js';
import type { RateLimiter } from './fixed-window.js';

interface Entry {
  count: number;
  last: number;
  expiresAt: number;
}

/** Past this many counters, expired ones are swept before adding more, so memory follows the live ones. */
const SWEEP_ABOVE = 10_000;

/**
 * The same rules as the Redis limiter, counted in this process only: what stands in while Redis is
 * away (each process then allows the limit on its own, which still stops a single guesser).
 */
export function memoryRateLimiter(options: { readonly now?: () => number } = {}): RateLimiter {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let sweepAbove = SWEEP_ABOVE;
  const live = (key: string, at: number): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= at) entries.delete(key);
    return entry && entry.expiresAt > at ? entry : undefined;
  };
  const put = (key: string, entry: Entry, at: number) => {
    if (entries.size >= sweepAbove) {
      for (const [k, e] of entries) if (e.expiresAt <= at) entries.delete(k);
      // Many live counters (an attack from many addresses): sweep again only once they have doubled.
      sweepAbove = Math.max(SWEEP_ABOVE, entries.size * 2);
    }
    entries.set(key, entry);
  };
  return {
    async hit(name, client, rule) {
      const at = now();
      const window = Math.floor(at / rule.windowMs);
      const windowEnd = (window + 1) * rule.windowMs;
      const key = `hit\u0000${name}\u0000${client}\u0000${window}`;
      const entry = live(key, at) ?? { count: 0, last: at, expiresAt: windowEnd };
      entry.count += 1;
      put(key, entry, at);
      return { allowed: entry.count <= rule.limit, count: entry.count, retryAfterMs: windowEnd - at };
    },
    async attempt(name, client, rule) {
      const at = now();
      const key = `backoff\u0000${name}\u0000${client}`;
      const entry = live(key, at) ?? { count: 0, last: 0, expiresAt: 0 };
      const wait = entry.last + backoffDelayMs(entry.count, rule) - at;
      if (entry.count >= rule.freeFailures && wait > 0) return { allowed: false, failures: entry.count, retryAfterMs: wait };
      put(key, { count: entry.count + 1, last: at, expiresAt: at + backoffTtlMs(rule) }, at);
      return { allowed: true, failures: entry.count + 1, retryAfterMs: 0 };
    },
    async forgive(name, client) {
      entries.delete(`backoff\u0000${name}\u0000${client}`);
    },
    async remember(name, client, ttlMs) {
      const at = now();
      put(`known\u0000${name}\u0000${client}`, { count: 1, last: at, expiresAt: at + ttlMs }, at);
    },
    async remembers(name, client) {
      return live(`known\u0000${name}\u0000${client}`, now()) !== undefined;
    },
  };
}

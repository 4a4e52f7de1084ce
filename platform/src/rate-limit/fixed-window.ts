import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** At most `limit` hits per client in each window of `windowMs`. */
export interface FixedWindowRule {
  readonly limit: number;
  readonly windowMs: number;
}

export interface RateLimitDecision {
  readonly allowed: boolean;
  /** Hits counted in the current window, this one included. */
  readonly count: number;
  /** Until the current window ends, i.e. until a refused client may try again. */
  readonly retryAfterMs: number;
}

export interface RateLimiter {
  /** Counts one hit of `client` against the counter `name` and says whether it is within the rule. */
  hit(name: string, client: string, rule: FixedWindowRule): Promise<RateLimitDecision>;
}

export interface RedisRateLimiterOptions {
  /** Key prefix (the deployment's QUEUE_PREFIX), so deployments and test runs sharing a Redis never mix counters. */
  readonly prefix: string;
  readonly now?: () => number;
}

/**
 * A fixed-window counter in Redis: one key per client and window, incremented and given its
 * expiry in one MULTI, so a crash between the two can never leave a counter that never expires.
 * The window index is part of the key, so a new window starts from zero without any reset.
 */
export function redisRateLimiter(redis: Redis, options: RedisRateLimiterOptions): RateLimiter {
  const now = options.now ?? Date.now;
  return {
    async hit(name, client, rule) {
      const at = now();
      const window = Math.floor(at / rule.windowMs);
      // Hashed, so emails and addresses never appear in Redis key names.
      const clientKey = createHash('sha256').update(client).digest('hex').slice(0, 32);
      const key = `${options.prefix}:rate-limit:${name}:${clientKey}:${window}`;
      const results = await redis.multi().incr(key).pexpire(key, rule.windowMs).exec();
      const [incr, expire] = results ?? [];
      if (!incr || incr[0] || !expire || expire[0]) throw new Error(`Rate limit counter ${name} could not be updated`, { cause: incr?.[0] ?? expire?.[0] });
      const count = Number(incr[1]);
      return { allowed: count <= rule.limit, count, retryAfterMs: (window + 1) * rule.windowMs - at };
    },
  };
}

import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { backoffTtlMs, type BackoffDecision, type BackoffRule } from './backoff.js';

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
  /**
   * One attempt under a back-off: refused while the client must still wait; otherwise allowed and
   * counted as a failure at once (so parallel attempts cannot all slip through before any fails)
   * until `forgive` says it succeeded.
   */
  attempt(name: string, client: string, rule: BackoffRule): Promise<BackoffDecision>;
  /** Forgets the client's failures under `name` (it proved who it is). */
  forgive(name: string, client: string): Promise<void>;
  /** Remembers `client` under `name` for `ttlMs` (an address an account signed in from, say). */
  remember(name: string, client: string, ttlMs: number): Promise<void>;
  /** Whether `client` is still remembered under `name`. */
  remembers(name: string, client: string): Promise<boolean>;
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
  const backoffKey = (name: string, client: string) => `${options.prefix}:backoff:${name}:${clientKeyOf(client)}`;
  const knownKey = (name: string, client: string) => `${options.prefix}:known:${name}:${clientKeyOf(client)}`;
  return {
    async attempt(name, client, rule) {
      const at = now();
      const reply = await redis.eval(BACKOFF_SCRIPT, 1, backoffKey(name, client), at, rule.freeFailures, rule.firstDelayMs, rule.maxDelayMs, backoffTtlMs(rule));
      const [allowed, failures, retryAfterMs] = Array.isArray(reply) ? reply.map(Number) : [];
      if (allowed === undefined || failures === undefined || retryAfterMs === undefined) throw new Error(`Back-off counter ${name} answered ${String(reply)}`);
      return { allowed: allowed === 1, failures, retryAfterMs };
    },
    async forgive(name, client) {
      await redis.del(backoffKey(name, client));
    },
    async remember(name, client, ttlMs) {
      await redis.set(knownKey(name, client), '1', 'PX', ttlMs);
    },
    async remembers(name, client) {
      return (await redis.exists(knownKey(name, client))) === 1;
    },
    async hit(name, client, rule) {
      const at = now();
      const window = Math.floor(at / rule.windowMs);
      const key = `${options.prefix}:rate-limit:${name}:${clientKeyOf(client)}:${window}`;
      const results = await redis.multi().incr(key).pexpire(key, rule.windowMs).exec();
      const [incr, expire] = results ?? [];
      if (!incr || incr[0] || !expire || expire[0]) throw new Error(`Rate limit counter ${name} could not be updated`, { cause: incr?.[0] ?? expire?.[0] });
      const count = Number(incr[1]);
      return { allowed: count <= rule.limit, count, retryAfterMs: (window + 1) * rule.windowMs - at };
    },
  };
}

/** Hashed, so emails and addresses never appear in Redis key names. */
const clientKeyOf = (client: string) => createHash('sha256').update(client).digest('hex').slice(0, 32);

/**
 * Check and count in one step (a script runs alone in Redis), so a burst of parallel attempts
 * is judged one by one. Mirrors `backoffDelayMs`; Redis truncates the returned numbers to integers.
 */
const BACKOFF_SCRIPT = `
local failures = tonumber(redis.call('HGET', KEYS[1], 'failures') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], 'last') or '0')
local now, free, first, max, ttl = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
if failures >= free then
  local delay = math.min(first * 2 ^ math.min(failures - free, 40), max)
  if now < last + delay then return {0, failures, last + delay - now} end
end
redis.call('HSET', KEYS[1], 'failures', failures + 1, 'last', now)
redis.call('PEXPIRE', KEYS[1], ttl)
return {1, failures + 1, 0}
`;

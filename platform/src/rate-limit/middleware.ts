import type { Request, RequestHandler } from 'express';
import { AppError } from '../errors.js';
import type { FixedWindowRule, RateLimiter } from './fixed-window.js';

/** One counter a request is checked against, e.g. sign-in attempts per email. */
export interface RateLimitCheck<Subject = Request> {
  /** Names the counter, e.g. `login:email`. */
  readonly name: string;
  readonly rule: FixedWindowRule;
  /** Who this request counts for (client IP, email); undefined skips this check. */
  readonly clientOf: (subject: Subject) => string | undefined;
}

/** "5 seconds", "1 minute", "15 minutes": a wait as a person reads it. */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = `Too many attempts. Please try again in ${waitInWords(retryAfterSeconds)}.`,
  ) {
    super(429, message);
  }
}

export interface RateLimitOptions {
  /**
   * Called when the counters cannot be reached; the request then goes through (fail open), so
   * a Redis outage degrades protection instead of locking every member out.
   */
  readonly onError: (error: unknown) => void;
}

/**
 * Counts the request (`subject`: the request, or what a route hook knows of it) against every
 * check; over any limit it throws a 429 whose Retry-After is the seconds until the latest of the
 * exceeded windows ends, with a sentence in minutes. Counters out of reach let it through.
 */
export async function enforceRateLimits<Subject>(limiter: RateLimiter, checks: readonly RateLimitCheck<Subject>[], subject: Subject, options: RateLimitOptions): Promise<void> {
  let retryAfterMs = 0;
  try {
    const decisions = await Promise.all(
      checks.map(async (check) => {
        const client = check.clientOf(subject);
        return client === undefined ? undefined : limiter.hit(check.name, client, check.rule);
      }),
    );
    for (const decision of decisions) {
      if (decision && !decision.allowed) retryAfterMs = Math.max(retryAfterMs, decision.retryAfterMs);
    }
  } catch (error) {
    options.onError(error);
    return;
  }
  if (retryAfterMs === 0) return;
  throw new TooManyRequestsError(Math.max(1, Math.ceil(retryAfterMs / 1000)));
}

/** `enforceRateLimits` as Express middleware, counting the request itself. */
export function rateLimit(limiter: RateLimiter, checks: readonly RateLimitCheck[], options: RateLimitOptions): RequestHandler {
  return async (req, res, next) => {
    try {
      await enforceRateLimits(limiter, checks, req, options);
    } catch (error) {
      if (error instanceof TooManyRequestsError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
    next();
  };
}

import type { BackoffRule } from '@concierge/platform/rate-limit/backoff';
import type { RateLimiter } from '@concierge/platform/rate-limit/fixed-window';
import { TooManyRequestsError, waitInWords } from '@concierge/platform/rate-limit/middleware';

/** Failures counted with a back-off (see `CredentialAttempts` in rate-limits.ts); the attempt itself counts until forgiven. */
export interface FailureGuard {
  /** Counts this attempt as a failure unless the client must wait: then 429 with Retry-After. Returns the failures so far. */
  begin(client: string): Promise<number>;
  /** The password was right: the failures are forgotten. */
  succeeded(client: string): Promise<void>;
}

/** A `FailureGuard` over the limiter's back-off counter `name`. */
export function failureGuard(limiter: RateLimiter, name: string, rule: BackoffRule, message: (wait: string) => string): FailureGuard {
  return {
    async begin(client: string) {
      const decision = await limiter.attempt(name, client, rule);
      if (decision.allowed) return decision.failures;
      // The error's retryAfterSeconds goes out as Retry-After (platform/src/http/problem.ts).
      const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
      throw new TooManyRequestsError(seconds, message(waitInWords(seconds)));
    },
    async succeeded(client) {
      await limiter.forgive(name, client);
    },
  };
}

import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { RouteDef } from '@concierge/contracts';
import { inputOf } from '@concierge/platform/http/route-table';
import type { RateLimiter } from '@concierge/platform/rate-limit/fixed-window';
import { rateLimit, type RateLimitCheck } from '@concierge/platform/rate-limit/middleware';

/** Attempts allowed per window, per client IP and per email. */
export interface AttemptLimit {
  readonly perIp: number;
  readonly perEmail: number;
  readonly windowSeconds: number;
}

/** Limits of the unauthenticated routes that cost a password hash or send mail. */
export interface AuthRateLimits {
  readonly login: AttemptLimit;
  readonly register: AttemptLimit;
  readonly forgotPassword: AttemptLimit;
  readonly resetPassword: AttemptLimit;
}

/**
 * Per email, sign-in allows a person a few typos but stops password guessing on one account;
 * per IP, a household or office behind one address still gets through.
 */
export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  login: { perIp: 50, perEmail: 10, windowSeconds: 15 * 60 },
  register: { perIp: 20, perEmail: 5, windowSeconds: 60 * 60 },
  forgotPassword: { perIp: 20, perEmail: 5, windowSeconds: 60 * 60 },
  resetPassword: { perIp: 20, perEmail: 20, windowSeconds: 15 * 60 },
};

const LIMITED_ROUTES = {
  'auth.login': 'login',
  'auth.register': 'register',
  'auth.forgotPassword': 'forgotPassword',
  'auth.resetPassword': 'resetPassword',
} as const satisfies Record<string, keyof AuthRateLimits>;

function isLimited(id: string): id is keyof typeof LIMITED_ROUTES {
  return Object.hasOwn(LIMITED_ROUTES, id);
}

/** The validated body's email, if the route has one. */
function emailOf(req: Request, route: RouteDef): string | undefined {
  const body: unknown = inputOf(req, route).body;
  if (typeof body !== 'object' || body === null || !('email' in body)) return undefined;
  return typeof body.email === 'string' ? body.email : undefined;
}

/**
 * Rate-limit middleware per route, for `mountRouteTable`'s `before` hook: it runs after
 * validation, so the email is the normalised one (case and spaces do not make a new counter).
 */
export function authRateLimiting(limiter: RateLimiter, limits: AuthRateLimits, logger: Logger): (route: RouteDef) => RequestHandler[] {
  return (route) => {
    if (!isLimited(route.id)) return [];
    const name = LIMITED_ROUTES[route.id];
    const limit = limits[name];
    const windowMs = limit.windowSeconds * 1000;
    const checks: RateLimitCheck[] = [
      { name: `${name}:ip`, rule: { limit: limit.perIp, windowMs }, clientOf: (req) => req.ip },
      { name: `${name}:email`, rule: { limit: limit.perEmail, windowMs }, clientOf: (req) => emailOf(req, route) },
    ];
    const onError = (error: unknown) => logger.error({ err: error, route: route.id }, 'rate limiter unavailable; request let through');
    return [rateLimit(limiter, checks, { onError })];
  };
}

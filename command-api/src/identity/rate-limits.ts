import type { Logger } from 'pino';
import type { RouteDef } from '@concierge/contracts';
import { principalOf } from '@concierge/platform/auth/authorize';
import type { RouteHook, RouteHookArgs } from '@concierge/platform/http/route-table';
import { clientAddress } from '@concierge/platform/rate-limit/client-address';
import type { RateLimiter } from '@concierge/platform/rate-limit/fixed-window';
import { enforceRateLimits, type RateLimitCheck } from '@concierge/platform/rate-limit/middleware';
import { failureGuard, type FailureGuard } from './failure-guard.js';

/** Attempts allowed per window, per client IP and per email. */
export interface AttemptLimit {
  readonly perIp: number;
  readonly perEmail: number;
  readonly windowSeconds: number;
}

/**
 * Sign-in: a loose limit per IP over all attempts, a back-off on failures per email and address
 * together, and a looser back-off per email over every address (a guesser spread over many
 * addresses). Both back-offs are waits capped at minutes and forgotten at the next success, never
 * a lock: a guesser can at most make the owner wait, not keep them out.
 */
export interface LoginLimit {
  readonly perIp: number;
  readonly windowSeconds: number;
  /** Wrong passwords per email and address before each further attempt waits (1 s, doubling). */
  readonly freeFailures: number;
  /** The longest wait between attempts once backing off. */
  readonly maxDelaySeconds: number;
  /** Wrong passwords per email, from any address, before each further attempt waits (1 s, doubling). */
  readonly accountFreeFailures: number;
  /** The longest wait of the per-email back-off. */
  readonly accountMaxDelaySeconds: number;
}

/** POST /auth/verify-email: per client IP, and per account the token names. */
export interface VerifyEmailLimit {
  readonly perIp: number;
  readonly perAccount: number;
  readonly windowSeconds: number;
}

/** PUT /users/password, per signed-in account. */
export interface PasswordChangeLimit {
  readonly perAccount: number;
  readonly windowSeconds: number;
  /** Wrong current passwords in a row after which every session of the account ends. */
  readonly failuresBeforeSignOut: number;
}

/** Limits of the routes that cost a password hash or send mail. */
export interface AuthRateLimits {
  readonly login: LoginLimit;
  readonly register: AttemptLimit;
  readonly forgotPassword: AttemptLimit;
  readonly resetPassword: AttemptLimit;
  readonly verifyEmail: VerifyEmailLimit;
  readonly changePassword: PasswordChangeLimit;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  login: { perIp: 50, windowSeconds: 15 * 60, freeFailures: 5, maxDelaySeconds: 15 * 60, accountFreeFailures: 20, accountMaxDelaySeconds: 5 * 60 },
  register: { perIp: 20, perEmail: 5, windowSeconds: 60 * 60 },
  forgotPassword: { perIp: 20, perEmail: 5, windowSeconds: 60 * 60 },
  resetPassword: { perIp: 20, perEmail: 20, windowSeconds: 15 * 60 },
  verifyEmail: { perIp: 20, perAccount: 10, windowSeconds: 15 * 60 },
  changePassword: { perAccount: 10, windowSeconds: 15 * 60, failuresBeforeSignOut: 5 },
};

const FIRST_DELAY_MS = 1_000;

/** The validated body's email, if the route has one. */
function emailOf({ input }: RouteHookArgs): string | undefined {
  const body: unknown = input.body;
  if (typeof body !== 'object' || body === null || !('email' in body)) return undefined;
  return typeof body.email === 'string' ? body.email : undefined;
}

/** The account a confirmation token names (`<userId>.<secret>`, already validated). */
function tokenAccountOf({ input }: RouteHookArgs): string | undefined {
  const body: unknown = input.body;
  if (typeof body !== 'object' || body === null || !('token' in body) || typeof body.token !== 'string') return undefined;
  const [userId] = body.token.split('.');
  return userId === undefined || userId === '' ? undefined : userId;
}

const addressOf = ({ request }: RouteHookArgs) => clientAddress(request);

function checksOf(route: RouteDef, limits: AuthRateLimits): RateLimitCheck<RouteHookArgs>[] {
  const window = (seconds: number) => seconds * 1000;
  const perIpAndEmail = (name: string, limit: AttemptLimit): RateLimitCheck<RouteHookArgs>[] => [
    { name: `${name}:ip`, rule: { limit: limit.perIp, windowMs: window(limit.windowSeconds) }, clientOf: addressOf },
    { name: `${name}:email`, rule: { limit: limit.perEmail, windowMs: window(limit.windowSeconds) }, clientOf: emailOf },
  ];
  switch (route.id) {
    case 'auth.login':
      return [{ name: 'login:ip', rule: { limit: limits.login.perIp, windowMs: window(limits.login.windowSeconds) }, clientOf: addressOf }];
    case 'auth.register':
      return perIpAndEmail('register', limits.register);
    case 'auth.forgotPassword':
      return perIpAndEmail('forgotPassword', limits.forgotPassword);
    case 'auth.resetPassword':
      return perIpAndEmail('resetPassword', limits.resetPassword);
    case 'auth.verifyEmail': {
      const { perIp, perAccount, windowSeconds } = limits.verifyEmail;
      return [
        { name: 'verifyEmail:ip', rule: { limit: perIp, windowMs: window(windowSeconds) }, clientOf: addressOf },
        { name: 'verifyEmail:account', rule: { limit: perAccount, windowMs: window(windowSeconds) }, clientOf: tokenAccountOf },
      ];
    }
    case 'users.changePassword': {
      const { perAccount, windowSeconds } = limits.changePassword;
      return [{ name: 'changePassword:account', rule: { limit: perAccount, windowMs: window(windowSeconds) }, clientOf: ({ request }) => principalOf(request).userId }];
    }
    default:
      return [];
  }
}

/**
 * Rate-limit hooks per route, for `mountRouteTable`'s `before`: they run after authorization and
 * validation, so the email is the normalised one (case and spaces do not make a new counter) and
 * the account is the verified caller.
 */
export function authRateLimiting(limiter: RateLimiter, limits: AuthRateLimits, logger: Logger): (route: RouteDef) => RouteHook[] {
  return (route) => {
    const checks = checksOf(route, limits);
    if (checks.length === 0) return [];
    const onError = (error: unknown) => logger.error({ err: error, route: route.id }, 'rate limiter unavailable; request let through');
    return [(args) => enforceRateLimits(limiter, checks, args, { onError })];
  };
}

/** Clients remembered after a success. */
export interface KnownClients {
  known(client: string): Promise<boolean>;
  remember(client: string): Promise<void>;
}

/** How long an address an account signed in from counts as the owner's own. */
export const KNOWN_SIGN_IN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Back-offs of the two places a password is guessed: sign-in, and the current password of a change. */
export interface CredentialAttempts {
  /** Keyed by `<email> <client IP>`. */
  readonly signIn: FailureGuard;
  /** Keyed by the email alone: the failures of every address together. */
  readonly signInAccount: FailureGuard;
  /** Addresses each email signed in from lately (`<email> <client IP>`): the per-email back-off does not slow them. */
  readonly knownSignIns: KnownClients;
  /** Keyed by the account id. */
  readonly passwordChange: FailureGuard;
  readonly limits: AuthRateLimits;
}

export const SIGN_IN_BACKOFF_MESSAGE = (wait: string) => `Too many failed sign-in attempts. Please wait ${wait} before trying again.`;
export const PASSWORD_CHANGE_BACKOFF_MESSAGE = (wait: string) => `Too many wrong current passwords. Please wait ${wait} before trying again.`;

export function credentialAttempts(limiter: RateLimiter, limits: AuthRateLimits): CredentialAttempts {
  const signInRule = {
    freeFailures: limits.login.freeFailures,
    firstDelayMs: FIRST_DELAY_MS,
    maxDelayMs: limits.login.maxDelaySeconds * 1000,
    forgetAfterMs: limits.login.windowSeconds * 1000,
  };
  const accountRule = {
    freeFailures: limits.login.accountFreeFailures,
    firstDelayMs: FIRST_DELAY_MS,
    maxDelayMs: limits.login.accountMaxDelaySeconds * 1000,
    forgetAfterMs: limits.login.windowSeconds * 1000,
  };
  // Sessions end at the last free failure; the back-off only holds a burst sent at once.
  const changeRule = {
    freeFailures: limits.changePassword.failuresBeforeSignOut,
    firstDelayMs: FIRST_DELAY_MS,
    maxDelayMs: limits.changePassword.windowSeconds * 1000,
    forgetAfterMs: limits.changePassword.windowSeconds * 1000,
  };
  return {
    signIn: failureGuard(limiter, 'login:failures', signInRule, SIGN_IN_BACKOFF_MESSAGE),
    signInAccount: failureGuard(limiter, 'login:account-failures', accountRule, SIGN_IN_BACKOFF_MESSAGE),
    knownSignIns: {
      known: (client) => limiter.remembers('login:known', client),
      remember: (client) => limiter.remember('login:known', client, KNOWN_SIGN_IN_TTL_MS),
    },
    passwordChange: failureGuard(limiter, 'changePassword:failures', changeRule, PASSWORD_CHANGE_BACKOFF_MESSAGE),
    limits,
  };
}

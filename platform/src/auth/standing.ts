import { ForbiddenError, UnauthorizedError } from '../errors.js';
import type { Principal } from './access-token.js';

/**
 * An account's standing now, as the server checks it on every authenticated request: an access
 * token says who its bearer was when it was signed; this says who they are now.
 */
export interface AccessStanding {
  readonly status: Principal['status'];
  readonly role: Principal['role'];
  /** Epoch ms: every session that began before it is void (password, role change, sign-out everywhere). */
  readonly sessionsValidAfter: number | null;
  /** The token's own session was ended (sign-out on that device, a reused refresh token, a block). */
  readonly sessionEnded: boolean;
}

/** Where a service reads standings: the event store (command API) or the access read model (query API). */
export interface StandingSource {
  /** The standing of the principal's account and session; null when the account does not exist. */
  standing(principal: Principal): Promise<AccessStanding | null>;
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
export const ROLE_CHANGED_MESSAGE = 'Your access has changed. Please sign in again.';

/** What an account that may not act is told; the pending text is the product's, word for word. */
export const BLOCKED_ACCOUNT_MESSAGES = {
  pending: "Your account is pending approval. You'll receive an email once your account is approved.",
  rejected: 'Your registration was not approved. Please contact support if you think this is a mistake.',
  suspended: 'Your account has been suspended. Please contact support.',
} as const satisfies Record<Exclude<Principal['status'], 'approved'>, string>;

/**
 * 403 for an account that is not approved. The problem's `status` member carries the account
 * status (`pending`, ...) instead of the number, because the product's client reads it there;
 * `accountStatus` says the same for clients that read the problem by the book.
 */
export function blockedAccountError(status: Exclude<Principal['status'], 'approved'>): ForbiddenError {
  return new ForbiddenError(BLOCKED_ACCOUNT_MESSAGES[status], { status, accountStatus: status });
}

/**
 * The principal as the account stands now, or the error its request gets: 401 when the session is
 * void (the client signs in again), 403 when the account is blocked.
 */
export function principalAsItStands(principal: Principal, standing: AccessStanding | null): Principal {
  if (!standing || standing.sessionEnded) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  if (standing.sessionsValidAfter !== null && principal.sessionStartedAt < standing.sessionsValidAfter) {
    throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  }
  if (standing.status !== 'approved') throw blockedAccountError(standing.status);
  // Role changes end every session, so a token of another role is a session from before one.
  if (standing.role !== principal.role) throw new UnauthorizedError(ROLE_CHANGED_MESSAGE);
  return principal;
}

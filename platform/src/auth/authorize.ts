import type { Request, RequestHandler } from 'express';
import { ForbiddenError, UnauthorizedError } from '../errors.js';
import { verifyAccessToken, type Principal } from './access-token.js';
import { principalAsItStands, type StandingSource } from './standing.js';

/** The part of a contracts route definition that decides who may call it. */
export type RouteAccess = 'public' | 'authenticated' | readonly string[];

export const SIGN_IN_MESSAGE = 'Please sign in to continue.';
export const EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';
export const FORBIDDEN_MESSAGE = 'You do not have access to this.';

const principals = new WeakMap<Request, Principal>();

/** The verified caller of a request that passed `authorize`; throws for a public route. */
export function principalOf(req: Request): Principal {
  const principal = principals.get(req);
  if (!principal) throw new UnauthorizedError(SIGN_IN_MESSAGE);
  return principal;
}

/** How a service checks callers: the token's signature, then the account as it stands now. */
export interface AuthorizeOptions {
  readonly publicKey: string;
  /** Standings as this process may cache them (at most a second, dropped on every change notice). */
  readonly standings: StandingSource;
  /** Standings read fresh from the source of truth, for routes that move money or reveal keys. */
  readonly freshStandings?: StandingSource;
}

/**
 * Enforces a route's access from the route table: a valid bearer token whose session is still
 * open, of an account that is approved now, and, for a role list, that holds one of those roles
 * now. A suspension, demotion or sign-out therefore takes effect on the very next request.
 */
export function authorize(access: RouteAccess, options: AuthorizeOptions, route: { readonly sensitive?: boolean } = {}): RequestHandler {
  const standings = route.sensitive && options.freshStandings ? options.freshStandings : options.standings;
  return async (req, _res, next) => {
    if (access === 'public') return next();
    const header = req.header('authorization') ?? '';
    const match = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(header);
    if (!match?.[1]) throw new UnauthorizedError(SIGN_IN_MESSAGE);
    const result = verifyAccessToken(match[1], options.publicKey);
    if (!result.ok) throw new UnauthorizedError(result.reason === 'expired' ? EXPIRED_MESSAGE : SIGN_IN_MESSAGE);
    const principal = principalAsItStands(result.principal, await standings.standing(result.principal));
    if (access !== 'authenticated' && !access.includes(principal.role)) throw new ForbiddenError(FORBIDDEN_MESSAGE);
    principals.set(req, principal);
    next();
  };
}

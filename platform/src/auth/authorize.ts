import type { Request, RequestHandler } from 'express';
import { ForbiddenError, UnauthorizedError } from '../errors.js';
import { verifyAccessToken, type Principal } from './access-token.js';

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

/**
 * Enforces a route's access from the route table: a valid bearer token of an approved account,
 * and, for a role list, one of those roles. Public routes pass untouched.
 */
export function authorize(access: RouteAccess, publicKey: string): RequestHandler {
  return (req, _res, next) => {
    if (access === 'public') return next();
    const header = req.header('authorization') ?? '';
    const match = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(header);
    if (!match?.[1]) throw new UnauthorizedError(SIGN_IN_MESSAGE);
    const result = verifyAccessToken(match[1], publicKey);
    if (!result.ok) throw new UnauthorizedError(result.reason === 'expired' ? EXPIRED_MESSAGE : SIGN_IN_MESSAGE);
    if (result.principal.status !== 'approved') throw new ForbiddenError(FORBIDDEN_MESSAGE, { accountStatus: result.principal.status });
    if (access !== 'authenticated' && !access.includes(result.principal.role)) throw new ForbiddenError(FORBIDDEN_MESSAGE);
    principals.set(req, result.principal);
    next();
  };
}

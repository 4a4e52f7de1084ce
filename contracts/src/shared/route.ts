import type { z } from 'zod';

export type Role = 'user' | 'admin' | 'auditor';
export const ROLES = ['user', 'admin', 'auditor'] as const satisfies readonly Role[];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `public`: anyone; `authenticated`: any signed-in, approved account; a role list: only those roles. */
export type Access = 'public' | 'authenticated' | readonly Role[];

/**
 * The read models that query routes read, each written by the workers' projection of the same
 * name (the workers' registry spec holds the two lists equal): a read after a command waits for
 * each of them to reach the command's position (X-Min-Position).
 */
export const READ_MODELS = [
  'users',
  'plans',
  'strategies',
  'wallets',
  'withdrawalAddresses',
  'withdrawals',
  'deposits',
  /** Each member's balance, reserved and available amounts (from the account stream). */
  'accounts',
  'portfolio',
  /** Every stream with its event count and last event (auditors' stream browser). */
  'auditStreams',
  /** One small document per event: type, time, actor, correlation (auditors' event search). */
  'auditEvents',
] as const;
export type ReadModel = (typeof READ_MODELS)[number];

/** Header carrying the exact total of a list whose body is a bare array. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
/** Header the SPA sends back with the `position` of a command response (read-your-writes). */
export const MIN_POSITION_HEADER = 'X-Min-Position';

/** One API route: the single source for gateway routing, validation, authorization and clients. */
export interface RouteDef {
  /** Stable identifier, `<context>.<action>`. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Path below the API root (`/api`), exactly as the product's API lists it; parameters as `:name`. */
  readonly path: string;
  /** Which API serves it. */
  readonly side: 'command' | 'query';
  readonly access: Access;
  readonly summary: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
  /** The status of a success when it is not 200; the route table sets it before the handler runs. */
  readonly status?: 201 | 202;
  /** The media type of a success when it is not JSON; `response` then describes its text. */
  readonly contentType?: string;
  /** Attempts are counted (per address, email or account): past the limit it answers 429 with Retry-After. */
  readonly rateLimited?: boolean;
  /** Query side: the projections whose read models it reads (for X-Min-Position). */
  readonly reads?: readonly ReadModel[];
  /** A caller with role `user` may only pass their own user id in this path parameter. */
  readonly ownParam?: string;
  /** The exact total of the list travels in header `X-Total-Count`. */
  readonly totalCountHeader?: boolean;
  /** The toast text for an invalid body where the product gives one form-level message. */
  readonly invalidMessage?: string;
  /**
   * Moves money or reveals a key: the caller's standing (status, role, session) is read fresh from
   * the write side for this request, never from a cache.
   */
  readonly sensitive?: boolean;
}

export function defineRoute<const R extends RouteDef>(route: R): R {
  return route;
}

/** What a schema gives after parsing (defaults filled, transforms run); `undefined` where the route has none. */
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A route's path parameters as its `params` schema parses them. */
export type RouteParams<R extends RouteDef> = Parsed<R['params']>;
/** A route's query string as its `query` schema parses them. */
export type RouteQuery<R extends RouteDef> = Parsed<R['query']>;
/** A route's body as its `body` schema parses it. */
export type RouteBody<R extends RouteDef> = Parsed<R['body']>;

/** The request's params, query and body as the route's own schemas parsed them: what its handler receives. */
export interface RouteInput<R extends RouteDef> {
  readonly params: RouteParams<R>;
  readonly query: RouteQuery<R>;
  readonly body: RouteBody<R>;
}

/** The body of a route's success answer, as its `response` schema describes it. */
export type RouteResponse<R extends RouteDef> = z.output<R['response']>;

/** `/users/:id/approve` -> a RegExp matching one concrete path, capturing `id`. */
export function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? `(?<${segment.slice(1)}>[^/]+)` : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

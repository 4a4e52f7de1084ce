import { Router, type Request, type RequestHandler } from 'express';
import type { z } from 'zod';
import type { RouteDef } from '@concierge/contracts';
import { authorize, FORBIDDEN_MESSAGE, principalOf, type AuthorizeOptions } from '../auth/authorize.js';
import { AppError, ForbiddenError, ValidationError } from '../errors.js';
import { tagRoute } from '../metrics/http.js';
import { assertWellFormedText, parseOrThrow } from './validate.js';

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface RouteInput<R extends RouteDef> {
  readonly params: Infer<R['params']>;
  readonly query: Infer<R['query']>;
  readonly body: Infer<R['body']>;
}

const inputs = new WeakMap<Request, RouteInput<RouteDef>>();

/** The request's params, query and body as parsed by the route's own schemas. */
export function inputOf<R extends RouteDef>(req: Request, _route: R): RouteInput<R> {
  const input = inputs.get(req);
  if (!input) throw new Error('inputOf called outside a route mounted by mountRouteTable');
  return input;
}

export class NotImplementedError extends AppError {
  constructor() {
    super(501, 'This part of the platform is not available yet.');
  }
}

export interface MountOptions {
  readonly side: 'command' | 'query';
  readonly routes: readonly RouteDef[];
  /** Verifies tokens and checks each caller's standing now. */
  readonly auth: AuthorizeOptions;
  /** Handlers by route id; a route of this side without one answers 501 after authorization. */
  readonly handlers: Readonly<Record<string, RequestHandler>>;
  /** Extra middleware per route, run after authorization and validation (e.g. X-Min-Position). */
  readonly before?: (route: RouteDef) => RequestHandler[];
}

/**
 * Mounts every route of one side of the table, in table order (literal paths before `:params`).
 * Each route first authorizes (401/403), then guards a member's own id, then validates (400),
 * so no handler ever sees an unauthorized or malformed request.
 */
export function mountRouteTable(options: MountOptions): Router {
  const router = Router();
  const known = new Set(options.routes.map((r) => r.id));
  for (const id of Object.keys(options.handlers)) {
    if (!known.has(id)) throw new Error(`Handler for unknown route ${id}`);
  }
  for (const route of options.routes) {
    if (route.side !== options.side) continue;
    const handler = options.handlers[route.id];
    const guards: RequestHandler[] = [tagRoute(route.id), authorize(route.access, options.auth, route), ownParamGuard(route)];
    // A route not built yet says so to whoever may call it, whatever they sent.
    if (!handler) router[methodOf(route)](route.path, ...guards, notImplemented);
    else router[methodOf(route)](route.path, ...guards, validate(route), ...(options.before?.(route) ?? []), successStatus(route), handler);
  }
  return router;
}

/** The table's success status (201, 202) is the answer's unless the handler says otherwise; errors set their own. */
function successStatus(route: RouteDef): RequestHandler {
  return (_req, res, next) => {
    if (route.status !== undefined) res.status(route.status);
    next();
  };
}

const notImplemented: RequestHandler = () => {
  throw new NotImplementedError();
};

function methodOf(route: RouteDef): 'get' | 'post' | 'put' | 'delete' {
  return route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
}

/** A member may pass only their own id where the route names an `ownParam`; admins pass any. */
function ownParamGuard(route: RouteDef): RequestHandler {
  return (req, _res, next) => {
    if (route.ownParam && route.access !== 'public') {
      const principal = principalOf(req);
      if (principal.role === 'user' && req.params[route.ownParam] !== principal.userId) throw new ForbiddenError(FORBIDDEN_MESSAGE);
    }
    next();
  };
}

/** PostgreSQL text cannot hold NUL, and no person types one: refuse it at the edge. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

function validate(route: RouteDef): RequestHandler {
  return (req, _res, next) => {
    if (containsNul(req.params) || containsNul(req.query) || containsNul(req.body)) {
      throw new ValidationError([{ field: 'request', message: 'The request contains a character that is not allowed (NUL).' }]);
    }
    for (const part of [req.params, req.query, req.body]) assertWellFormedText(part);
    try {
      inputs.set(req, {
        params: route.params ? parseOrThrow(route.params, req.params) : undefined,
        query: route.query ? parseOrThrow(route.query, req.query) : undefined,
        body: route.body ? parseOrThrow(route.body, req.body) : undefined,
      });
    } catch (error) {
      // Where the product gives one form-level message, that is the toast; field messages still travel.
      if (error instanceof ValidationError && route.invalidMessage) {
        throw new AppError(400, route.invalidMessage, { errors: error.issues });
      }
      throw error;
    }
    next();
  };
}

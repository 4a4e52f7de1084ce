import { randomUUID } from 'node:crypto';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { RouteDef, RouteInput } from '@concierge/contracts';
import { authorize, FORBIDDEN_MESSAGE, principalOf, type AuthorizeOptions } from '../auth/authorize.js';
import type { Actor } from '../event-store/port.js';
import { AppError, ForbiddenError, ValidationError } from '../errors.js';
import { tagRoute } from '../metrics/http.js';
import { clientAddress } from '../rate-limit/client-address.js';
import type { CallContext, Handlers, NoUnknownHandlers, RouteCall, Side } from './handlers.js';
import { sendAnswer } from './send-answer.js';
import { assertWellFormedText, parseOrThrow } from './validate.js';

export class NotImplementedError extends AppError {
  constructor() {
    super(501, 'This part of the platform is not available yet.');
  }
}

/**
 * The handler of a route whose dependency this process was not given (mail, the wallet phrase, a
 * queue): it answers 501 after authorization, whatever was sent, so the handler map stays complete.
 */
export const notImplemented = (): never => {
  throw new NotImplementedError();
};

/** What a `before` hook sees: the route, its parsed input and the request and response themselves. */
export interface RouteHookArgs {
  readonly route: RouteDef;
  readonly input: RouteInput<RouteDef>;
  readonly request: Request;
  readonly response: Response;
}

/** Work between validation and the handler (rate limits, X-Min-Position, recording a read); throws to refuse. */
export type RouteHook = (args: RouteHookArgs) => Promise<void> | void;

export interface MountOptions<S extends Side, H extends Handlers<S>> {
  readonly side: S;
  readonly routes: readonly RouteDef[];
  /** Verifies tokens and checks each caller's standing now. */
  readonly auth: AuthorizeOptions;
  /** One handler per route of this side, by route id (`notImplemented` where a dependency is absent). */
  readonly handlers: H & NoUnknownHandlers<S, H>;
  /** Hooks per route, run after authorization and validation, before the handler. */
  readonly before?: (route: RouteDef) => RouteHook[];
  /** The instant of each request's command context; the system clock by default. */
  readonly now?: () => Date;
  /**
   * Parses every answer with its route's `response` schema and answers 500 naming the route and the
   * fields on a mismatch. The test harnesses turn it on, so every API spec checks the answers it gets;
   * production leaves it off (the handlers' types already hold them to the schema).
   */
  readonly checkResponses?: boolean;
}

type AnyHandler = (call: RouteCall<RouteDef>) => unknown;

/**
 * Mounts every route of one side of the table, in table order (literal paths before `:params`).
 * Each route first authorizes (401/403), then guards a member's own id, then validates (400),
 * so no handler ever sees an unauthorized or malformed request.
 */
export function mountRouteTable<S extends Side, H extends Handlers<S>>(options: MountOptions<S, H>): Router {
  const router = Router();
  const handlers = options.handlers as unknown as Readonly<Record<string, AnyHandler | undefined>>;
  const known = new Set(options.routes.filter((r) => r.side === options.side).map((r) => r.id));
  for (const id of Object.keys(handlers)) {
    if (!known.has(id)) throw new Error(`Handler for unknown route ${id}`);
  }
  const now = options.now ?? (() => new Date());
  for (const route of options.routes) {
    if (route.side !== options.side) continue;
    const handler = handlers[route.id];
    if (!handler) throw new Error(`No handler for route ${route.id}`);
    const guards: RequestHandler[] = [tagRoute(route.id), authorize(route.access, options.auth, route), ownParamGuard(route)];
    // A route not built here says so to whoever may call it, whatever they sent.
    if (handler === notImplemented) {
      router[methodOf(route)](route.path, ...guards, notImplemented);
      continue;
    }
    const hooks = options.before?.(route) ?? [];
    const checkResponses = options.checkResponses ?? false;
    router[methodOf(route)](route.path, ...guards, async (request: Request, response: Response) => {
      const input = parseInput(route, request);
      for (const hook of hooks) await hook({ route, input, request, response });
      const answer = await handler(callOf(route, input, request, response, now));
      await sendAnswer(route, response, answer, { checkResponses });
    });
  }
  return router;
}

/** The call a handler receives; the command context is built here, once, from the request id and the clock. */
function callOf(route: RouteDef, input: RouteInput<RouteDef>, request: Request, response: Response, now: () => Date): RouteCall<RouteDef> {
  const requestId = String(response.getHeader('x-request-id') ?? randomUUID());
  const at = now();
  const contextFor = (actor: Actor): CallContext => ({ actor, correlationId: requestId, causationId: requestId, now: at });
  const caller = route.access === 'public' ? undefined : principalOf(request);
  return {
    ...input,
    caller: caller as RouteCall<RouteDef>['caller'],
    context: (caller ? contextFor({ type: 'user', userId: caller.userId, role: caller.role }) : undefined) as RouteCall<RouteDef>['context'],
    contextFor,
    header: (name) => request.header(name),
    clientAddress: clientAddress(request),
    rawBody: request.body as unknown,
  };
}

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

/** The request's params, query and body parsed by the route's own schemas, or a 400. */
function parseInput(route: RouteDef, req: Request): RouteInput<RouteDef> {
  if (containsNul(req.params) || containsNul(req.query) || containsNul(req.body)) {
    throw new ValidationError([{ field: 'request', message: 'The request contains a character that is not allowed (NUL).' }]);
  }
  for (const part of [req.params, req.query, req.body]) assertWellFormedText(part);
  try {
    return {
      params: route.params ? parseOrThrow(route.params, req.params) : undefined,
      query: route.query ? parseOrThrow(route.query, req.query) : undefined,
      body: route.body ? parseOrThrow(route.body, req.body) : undefined,
    };
  } catch (error) {
    // Where the product gives one form-level message, that is the toast; field messages still travel.
    if (error instanceof ValidationError && route.invalidMessage) {
      throw new AppError(400, route.invalidMessage, { errors: error.issues });
    }
    throw error;
  }
}

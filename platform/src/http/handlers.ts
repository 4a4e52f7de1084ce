import type { RouteDef, RouteInput, RouteResponse, SideRoute, SideRouteId } from '@concierge/contracts';
import type { Principal } from '../auth/access-token.js';
import type { Actor } from '../event-store/port.js';
import type { Position } from '../event-store/position.js';

/** Which API serves a route. */
export type Side = RouteDef['side'];

/** Who, when and in which request a command is decided: the shape of domain's `CommandContext`. */
export interface CallContext {
  readonly actor: Actor;
  readonly correlationId: string;
  readonly causationId: string;
  readonly now: Date;
}

/** What the route table knows of the caller: nothing on a public route (no token is read there). */
type CallerOf<R extends RouteDef> = R['access'] extends 'public' ? undefined : Principal;
type ContextOf<R extends RouteDef> = R['access'] extends 'public' ? undefined : CallContext;

/**
 * One request as a handler sees it: its input parsed by the route's own schemas, the verified
 * caller and the command context built once by the route table.
 */
export interface RouteCall<R extends RouteDef> extends RouteInput<R> {
  /** The verified caller, as their account stands now. */
  readonly caller: CallerOf<R>;
  /** The caller's command context (actor, request id, the request's instant). */
  readonly context: ContextOf<R>;
  /** The same request's context for an actor the handler settles itself (a sign-in, a registration). */
  readonly contextFor: (actor: Actor) => CallContext;
  /** A request header the table does not model (Idempotency-Key, X-Step-Up-Grant). */
  readonly header: (name: string) => string | undefined;
  /** The address per-IP limits count (an IPv6 /64 as one). */
  readonly clientAddress: string | undefined;
  /** The body as sent, before the schema dropped what it does not name. */
  readonly rawBody: unknown;
}

/** An answer's `position` may be the store's own: the route table writes it in its wire form (`<commit>-<prepare>`). */
export type WithStorePosition<T> = T extends { readonly position: string | null } ? Omit<T, 'position'> & { readonly position: Position | string | null } : T;

/** The success body a handler returns for its route. */
export type AnswerBody<R extends RouteDef> = WithStorePosition<RouteResponse<R>>;

/** Extra response headers, set before the body goes. */
export type ReplyHeaders = Readonly<Record<string, string>>;

/** Marks a `reply` (a body never carries it). */
export const REPLY = Symbol('reply');

/** An answer that is more than a JSON body: headers beside it, JSON already serialised, or lines streamed. */
export type Reply<T> = {
  readonly [REPLY]: true;
  readonly headers: ReplyHeaders;
  /** Type only: the body this reply stands for, so a reply of another route's shape does not compile. */
  readonly standsFor?: T;
} & ({ readonly kind: 'body'; readonly body: T } | { readonly kind: 'json-text'; readonly text: string } | { readonly kind: 'lines'; readonly lines: AsyncIterable<string> });

/** The replies a handler can give besides a bare body. */
export const reply = {
  /** The body with headers (X-Total-Count, Idempotent-Replayed, Cache-Control). */
  body<T>(body: T, headers: ReplyHeaders): Reply<T> {
    return { [REPLY]: true, kind: 'body', body, headers };
  },
  /** JSON already serialised (a read model that stores its answer's text): sent as it is. */
  jsonText<T>(text: string, headers: ReplyHeaders = {}): Reply<T> {
    return { [REPLY]: true, kind: 'json-text', text, headers };
  },
  /** Lines written one by one as the client takes them, for a route whose `contentType` is a line format. */
  lines(lines: AsyncIterable<string>, headers: ReplyHeaders = {}): Reply<string> {
    return { [REPLY]: true, kind: 'lines', lines, headers };
  },
};

/** Whether a handler's answer is a `reply` rather than a bare body. */
export function isReply(answer: unknown): answer is Reply<unknown> {
  return typeof answer === 'object' && answer !== null && REPLY in answer;
}

/** What a handler answers: its route's response body, or a reply carrying it. */
export type Answer<R extends RouteDef> = AnswerBody<R> | Reply<AnswerBody<R>>;

/** The handler of one route: typed input in, that route's answer out. Errors are thrown (typed domain errors map to statuses). */
export type Handler<R extends RouteDef> = (call: RouteCall<R>) => Promise<Answer<R>> | Answer<R>;

/** Every route of one side with its handler: a missing or unknown id, or a handler of another shape, does not compile. */
export type Handlers<S extends Side> = { readonly [R in SideRoute<S> as R['id']]: Handler<R> };

/** A context's share of one side's handlers (each context folder exports one; `app.ts` spreads them). */
export type SomeHandlers<S extends Side> = Partial<Handlers<S>>;

/** The ids of `H` that name no route of side `S`: each must be `never`, so an unknown handler does not compile. */
export type NoUnknownHandlers<S extends Side, H> = { readonly [K in Exclude<keyof H, SideRouteId<S>>]: never };

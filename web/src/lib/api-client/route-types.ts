import type * as contracts from '@concierge/contracts';
import type { RouteDef } from '@concierge/contracts/shared/route';
import type { z } from 'zod';

/**
 * What a call of a route sends and gets back, read from the route's own zod schemas in the
 * contracts' route table, so no screen writes a URL, a request body type or an answer type by hand.
 * Types only: this module is on the first page, which loads no contracts schema.
 */

/** The route namespaces of the contracts (`userRoutes`, `auditRoutes`, ...): each context exports one. */
type RouteNamespace = (typeof contracts)[Extract<keyof typeof contracts, `${string}Routes`>];

type RoutesOf<Namespace> = Namespace extends unknown ? Namespace[keyof Namespace] : never;

/** Every route of the contracts' table; a route object made anywhere else is refused by `api`. */
export type KnownRoute = Extract<RoutesOf<RouteNamespace>, RouteDef>;

type Schema<R, Part extends 'params' | 'query' | 'body' | 'response'> = R extends { readonly [P in Part]: infer S extends z.ZodType } ? S : never;

/** The path parameters, as the route's `params` schema takes them. */
export type RouteParams<R> = z.input<Schema<R, 'params'>>;

/** The request body as sent: the body schema's input (a field with a default may be left out). */
export type RouteBody<R> = z.input<Schema<R, 'body'>>;

/**
 * The query parameters. Fields the schema reads from raw text (blank means absent, numbers
 * coerced) accept anything as input, so those take the value the server ends up with instead.
 */
export type RouteQuery<R> = QueryOf<z.input<Schema<R, 'query'>>, z.output<Schema<R, 'query'>>>;
type QueryOf<In, Out> = { [Name in keyof In]: unknown extends In[Name] ? (Name extends keyof Out ? Out[Name] : never) : In[Name] };

/** The answer of a success, as the route's response schema describes it (the client does not parse it). */
export type RouteAnswer<R> = z.output<Schema<R, 'response'>>;

type ParamsOption<R> = R extends { readonly params: z.ZodType } ? { readonly params: RouteParams<R> } : { readonly params?: never };
type QueryOption<R> = R extends { readonly query: z.ZodType }
  ? object extends RouteQuery<R>
    ? { readonly query?: RouteQuery<R> }
    : { readonly query: RouteQuery<R> }
  : { readonly query?: never };
// A body schema that accepts an absent body (commands with nothing to say) may be left out, as before.
type BodyOption<R> = R extends { readonly body: z.ZodType }
  ? undefined extends RouteBody<R>
    ? { readonly body?: RouteBody<R> }
    : { readonly body: RouteBody<R> }
  : { readonly body?: never };

/** What one call of route R passes: its path parameters, query and body, each only where R has one. */
export type CallOptions<R> = ParamsOption<R> &
  QueryOption<R> &
  BodyOption<R> & {
    /** Extra request headers (e.g. a step-up grant); they never replace the ones the client sets. */
    readonly headers?: Readonly<Record<string, string>>;
  };

/** The options argument, optional when nothing in it is required. */
export type CallArguments<R> = object extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

/** A list read whose exact total travels in header X-Total-Count. */
export type PagedRoute = Extract<KnownRoute, { readonly method: 'GET'; readonly totalCountHeader: true }>;

/** One row of a paged route's answer. */
export type PageItem<R> = RouteAnswer<R> extends readonly (infer Item)[] ? Item : never;

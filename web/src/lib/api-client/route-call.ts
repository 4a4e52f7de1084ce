import type { RouteDef } from '@concierge/contracts/shared/route';

/** The `:name` parameters of a route's path: `/users/:id/approve` -> 'id'. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of a route's path parameters, each sent percent-encoded. */
export type PathParams<R extends RouteDef> = { readonly [Name in ParamNames<R['path']>]: string };

/** One call of a route of the contracts' table: the route, and its path with the parameters filled in. */
export interface RouteCall<R extends RouteDef = RouteDef> {
  readonly route: R;
  readonly path: string;
}

/**
 * The route's path below `/api` with its `:name` segments replaced by `params` (the method comes
 * from the route too), so no caller writes a path by hand. A missing parameter is a bug here.
 */
export function withParams<R extends RouteDef>(route: R, params: PathParams<R>): RouteCall<R> {
  const values: Readonly<Record<string, string | undefined>> = params;
  const path = route.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = values[segment.slice(1)];
      if (value === undefined) throw new Error(`${route.id} needs its path parameter ${segment}`);
      return encodeURIComponent(value);
    })
    .join('/');
  return { route, path };
}

import * as audit from './audit/routes.js';
import * as auth from './auth/routes.js';
import * as deposits from './deposits/routes.js';
import * as openapi from './openapi/routes.js';
import * as portfolio from './portfolio/routes.js';
import { pathPattern, type HttpMethod, type RouteDef } from './shared/route.js';
import * as strategies from './strategies/routes.js';
import * as subscriptions from './subscriptions/routes.js';
import * as users from './users/routes.js';
import * as wallets from './wallets/routes.js';
import * as addresses from './withdrawal-addresses/routes.js';
import * as withdrawals from './withdrawals/routes.js';

/** Every context's route module: each exported route joins the table, no list of routes is kept by hand. */
const ROUTE_MODULES = [users, auth, wallets, portfolio, addresses, withdrawals, deposits, strategies, subscriptions, audit, openapi] as const;

/** The routes a module exports (distributed over a union of modules). */
type ModuleRoutes<M> = M extends unknown ? Extract<M[keyof M], RouteDef> : never;
type TableRoute = ModuleRoutes<(typeof ROUTE_MODULES)[number]>;

const isRoute = (value: unknown): value is TableRoute =>
  typeof value === 'object' && value !== null && 'id' in value && 'method' in value && 'path' in value && 'side' in value;

/**
 * Where a path stands in matching order: per segment, 0 for a literal and 1 for a `:param`. Sorted
 * by it, a literal path comes before every parameter path of its length that would also match it
 * (`PUT /users/profile` before `PUT /users/:id`), which is the order Express and the gateway try.
 */
export const matchOrderKey = (path: string): string =>
  path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (segment.startsWith(':') ? '1' : '0'))
    .join('');

/** The table with each route's own type, from which `ApiRoute` and the typed handler maps are derived. */
const table: readonly TableRoute[] = ROUTE_MODULES.flatMap((module) => Object.values(module).filter(isRoute))
  // Stable: routes of one order key keep the modules' order.
  .map((route, index) => ({ route, index, key: matchOrderKey(route.path) }))
  .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.index - b.index))
  .map(({ route }) => route);

/**
 * Every API route of the product (the product's API, plus logout and the auditor routes),
 * below the API root `/api`, in matching order: a literal path before a parameter path it would
 * also match (`matchOrderKey`), so mount them in this order.
 */
export const routes: readonly RouteDef[] = table;

/** Any one route of the table, with its own literal id, side, access and schemas. */
export type ApiRoute = TableRoute;
/** The id of a route of the table. */
export type RouteId = ApiRoute['id'];
/** The route of the table with this id. */
export type RouteWithId<Id extends RouteId> = Extract<ApiRoute, { readonly id: Id }>;
/** The routes one API serves (`command` or `query`). */
export type SideRoute<S extends RouteDef['side']> = Extract<ApiRoute, { readonly side: S }>;
/** The ids of the routes one API serves. */
export type SideRouteId<S extends RouteDef['side']> = SideRoute<S>['id'];

/** The table keyed by route id, each entry keeping its own type (what typed handler maps and clients are derived from). */
export type RouteTable = { readonly [R in ApiRoute as R['id']]: R };

/** The table keyed by route id. */
export const routeTable = Object.fromEntries(table.map((route) => [route.id, route])) as RouteTable;

/** Routes by id. */
export const routesById: ReadonlyMap<string, RouteDef> = new Map(routes.map((route) => [route.id, route]));

const patterns = routes.map((route) => ({ route, pattern: pathPattern(route.path) }));

/** Percent-decoded parameters; undefined when one is malformed (e.g. a stray `%`), which answers 404. */
function decodeParams(groups: Record<string, string>): Record<string, string> | undefined {
  try {
    return Object.fromEntries(Object.entries(groups).map(([name, value]) => [name, decodeURIComponent(value)]));
  } catch {
    return undefined;
  }
}

/** The first route (in table order) for a method and a concrete path below `/api`, with its raw path parameters. */
export function matchRoute(method: HttpMethod, path: string): { route: RouteDef; params: Record<string, string> } | undefined {
  for (const { route, pattern } of patterns) {
    if (route.method !== method) continue;
    const match = pattern.exec(path);
    if (!match) continue;
    const params = decodeParams(match.groups ?? {});
    return params ? { route, params } : undefined;
  }
  return undefined;
}

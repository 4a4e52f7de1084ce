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

/** The table with each route's own type, from which `ApiRoute` and the typed handler maps are derived. */
const table = [
  // auth
  users.register,
  auth.login,
  auth.me,
  auth.refreshToken,
  auth.logout,
  auth.logoutEverywhere,
  auth.verifyEmail,
  auth.forgotPassword,
  auth.checkResetToken,
  auth.resetPassword,
  // wallets and portfolio
  wallets.walletInfo,
  portfolio.performance,
  wallets.transactions,
  wallets.balances,
  wallets.autoWithdrawal,
  wallets.userWallet,
  wallets.privateKey,
  wallets.privateKeyGrant,
  portfolio.snapshot,
  // withdrawal addresses and withdrawals
  addresses.listAddresses,
  addresses.addAddress,
  addresses.editAddress,
  addresses.removeAddress,
  addresses.setPrimaryAddress,
  withdrawals.requestWithdrawal,
  withdrawals.history,
  withdrawals.adminRequests,
  withdrawals.adminRequest,
  withdrawals.processRequest,
  withdrawals.cancelOwn,
  // deposits
  deposits.addDeposit,
  deposits.userDeposits,
  deposits.allDeposits,
  // strategies and subscriptions
  strategies.publicStrategies,
  strategies.listStrategies,
  strategies.createStrategy,
  strategies.updateStrategy,
  strategies.deleteStrategy,
  subscriptions.listPlans,
  subscriptions.createPlan,
  subscriptions.updatePlan,
  subscriptions.deletePlan,
  // users (literal paths before /users/:id)
  users.listUsers,
  users.pendingUsers,
  users.userStats,
  users.updateProfile,
  users.changePassword,
  users.getUser,
  users.updateUser,
  users.approveUser,
  users.rejectUser,
  // audit (beyond the product's first API)
  audit.listStreams,
  audit.readStream,
  audit.readAll,
  audit.memberAt,
  audit.startReplayVerification,
  audit.latestReplayVerification,
  audit.replayVerification,
  audit.exportStream,
  audit.verification,
  audit.verifyTail,
  // this API's own description
  openapi.document,
  openapi.reference,
  openapi.stylesheet,
] as const satisfies readonly RouteDef[];

/**
 * Every API route of the product (the product's API, plus logout and the auditor routes),
 * below the API root `/api`. Order matters: a literal path comes before a parameter path it
 * would also match (`PUT /users/profile` before `PUT /users/:id`), so register them in this order.
 */
export const routes: readonly RouteDef[] = table;

/** Any one route of the table, with its own literal id, side, access and schemas. */
export type ApiRoute = (typeof table)[number];
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

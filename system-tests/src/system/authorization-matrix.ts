import { randomUUID } from 'node:crypto';
import { pathPattern, type RouteDef } from '@concierge/contracts';

/** The callers every route is tried with. */
export const PRINCIPALS = ['anonymous', 'pending user', 'member', 'another member', 'admin', 'auditor'] as const;
export type PrincipalName = (typeof PRINCIPALS)[number];

/** Who the member is: `ownParam` routes are called with this id by the member and by the other member. */
export interface MatrixIds {
  readonly memberId: string;
}

/** What authorization must decide for one caller on one route. */
export type Expected = 'not refused' | 'unauthenticated' | 'forbidden' | 'allowed';

const ROLE_OF: Record<PrincipalName, 'user' | 'admin' | 'auditor' | undefined> = {
  anonymous: undefined,
  'pending user': 'user',
  member: 'user',
  'another member': 'user',
  admin: 'admin',
  auditor: 'auditor',
};

/** The rule of the route table (platform/src/http/route-table.ts), stated independently of it. */
export function expectedOutcome(route: RouteDef, principal: PrincipalName): Expected {
  if (route.access === 'public') return 'not refused';
  if (principal === 'anonymous') return 'unauthenticated';
  if (principal === 'pending user') return 'forbidden';
  const role = ROLE_OF[principal];
  if (route.access !== 'authenticated' && (role === undefined || !route.access.includes(role))) return 'forbidden';
  // The other member asks for the member's own data.
  if (route.ownParam && principal === 'another member') return 'forbidden';
  return 'allowed';
}

/** Statuses an allowed caller may get for an empty body and ids that name nothing. */
export function allowedStatus(status: number): boolean {
  return (status >= 200 && status < 300) || status === 400 || status === 404 || status === 501;
}

/** The route's path with every parameter filled: the member's id for `ownParam`, a fresh id otherwise. */
export function concretePath(route: RouteDef, ids: MatrixIds): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => (name === route.ownParam ? ids.memberId : randomUUID()));
}

/** Whether any route of `side` would take this method and concrete path. */
export function servedBySide(routes: readonly RouteDef[], side: RouteDef['side'], method: string, path: string): boolean {
  return routes.some((route) => route.side === side && route.method === method && pathPattern(route.path).test(path));
}

/** A compact table: one row per route, one status per principal. */
export function formatMatrix(rows: readonly { route: RouteDef; statuses: Partial<Record<PrincipalName, number>> }[]): string {
  const label = (route: RouteDef) => `${route.side === 'command' ? 'C' : 'Q'} ${route.method.padEnd(6)} ${route.path}`;
  const width = Math.max(...rows.map((row) => label(row.route).length));
  const short: Record<PrincipalName, string> = {
    anonymous: 'anon',
    'pending user': 'pend',
    member: 'user',
    'another member': 'other',
    admin: 'admin',
    auditor: 'audit',
  };
  const header = `${'route (C command, Q query)'.padEnd(width)} | ${PRINCIPALS.map((p) => short[p].padStart(5)).join(' ')} | access`;
  const lines = rows.map(
    ({ route, statuses }) =>
      `${label(route).padEnd(width)} | ${PRINCIPALS.map((p) => String(statuses[p] ?? '-').padStart(5)).join(' ')} | ${
        typeof route.access === 'string' ? route.access : route.access.join(',')
      }${route.ownParam ? ` (own :${route.ownParam})` : ''}`,
  );
  return [header, '-'.repeat(header.length), ...lines].join('\n');
}

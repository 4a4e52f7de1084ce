/**
 * A compile-time specification of the typed route table, checked by `npm run typecheck` (this
 * workspace's tsconfig.json includes it; the build leaves it out). Each `@ts-expect-error` line
 * must fail to compile: if one ever compiles, the directive itself is reported as unused and the
 * typecheck fails. Nothing here runs.
 */
import { routes, type RouteResponse, type RouteWithId } from '@concierge/contracts';
import { reply, type Handler, type Handlers } from './handlers.js';
import { mountRouteTable, notImplemented } from './route-table.js';

declare const commandHandlers: Handlers<'command'>;
declare const queryHandlers: Handlers<'query'>;
declare const auth: Parameters<typeof mountRouteTable>[0]['auth'];

// A complete map of either side mounts.
mountRouteTable({ side: 'command', routes, auth, handlers: commandHandlers });
mountRouteTable({ side: 'query', routes, auth, handlers: queryHandlers });

// A side's map is that side's: the command map is not the query map.
// @ts-expect-error the query side has no `auth.login`, and the command map lacks every query route.
mountRouteTable({ side: 'query', routes, auth, handlers: commandHandlers });

// --- missing handlers ---
const { 'auth.login': _login, ...withoutLogin } = commandHandlers;
// @ts-expect-error a command route without its handler
export const commandMissing: Handlers<'command'> = withoutLogin;
// @ts-expect-error the same map does not mount either
mountRouteTable({ side: 'command', routes, auth, handlers: withoutLogin });

const { 'auth.me': _me, ...withoutMe } = queryHandlers;
// @ts-expect-error a query route without its handler
export const queryMissing: Handlers<'query'> = withoutMe;

// --- unknown handlers ---
export const commandUnknown: Handlers<'command'> = {
  ...commandHandlers,
  // @ts-expect-error no command route has this id
  'auth.loginTwice': async () => ({ token: '', refreshToken: '', position: null }),
};
// @ts-expect-error a map with an id outside the side's routes does not mount, even when spread in
mountRouteTable({ side: 'command', routes, auth, handlers: { ...commandHandlers, ...{ 'auth.me': commandHandlers['auth.login'] } } });

export const queryUnknown: Handlers<'query'> = {
  ...queryHandlers,
  // @ts-expect-error `withdrawals.request` is a command route, not a query route
  'withdrawals.request': queryHandlers['withdrawals.history'],
};

// --- wrong body types: the body a handler reads is its route's ---
export const loginReadsItsBody: Handler<RouteWithId<'auth.login'>> = async ({ body }) => {
  const email: string = body.email;
  // @ts-expect-error the login body has no `amount`
  void body.amount;
  void email;
  return commandHandlers['auth.login']({} as never);
};

export const withdrawalBodyTyped: Handler<RouteWithId<'withdrawals.request'>> = async ({ body }) => {
  const micro: bigint = body.amount;
  // @ts-expect-error the amount is parsed to micro-USDC (a bigint), never a float
  const amount: number = body.amount;
  void micro;
  void amount;
  return commandHandlers['withdrawals.request']({} as never);
};

export const queryReadsItsQuery: Handler<RouteWithId<'users.list'>> = async ({ query }) => {
  const page: number = query.page;
  // @ts-expect-error a query route's query string, not another route's body
  void query.password;
  void page;
  return queryHandlers['users.list']({} as never);
};

// --- wrong response types ---
export const commandWrongAnswer: Handlers<'command'> = {
  ...commandHandlers,
  // @ts-expect-error the approval answers a message and a position, not a count
  'users.approve': async () => ({ approved: 1 }),
};

export const commandWrongField: Handlers<'command'> = {
  ...commandHandlers,
  // @ts-expect-error `message` is text
  'users.reject': async () => ({ message: 42, position: null }),
};

export const queryWrongAnswer: Handlers<'query'> = {
  ...queryHandlers,
  // @ts-expect-error the stats answer is not a list of users
  'users.stats': async () => [] as RouteResponse<RouteWithId<'users.list'>>['users'],
};

// @ts-expect-error an account's status is one of its known values
export const queryWrongField: Handler<RouteWithId<'auth.me'>> = async () => ({ ...(await queryHandlers['auth.me']({} as never)), status: 'sleeping' as const });

// A reply (headers beside the body) holds the same shape.
export const replyWrongAnswer: Handlers<'query'> = {
  ...queryHandlers,
  // @ts-expect-error the withdrawal list's items are withdrawals, not numbers
  'withdrawals.history': async () => reply.body([1, 2, 3], { 'X-Total-Count': '3' }),
};

// A route whose dependency is absent keeps the map complete with `notImplemented` (501).
export const withoutMail: Handlers<'command'> = { ...commandHandlers, 'auth.register': notImplemented };

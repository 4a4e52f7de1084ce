import type * as authRoutes from '@concierge/contracts/auth/routes';
import { MIN_POSITION_HEADER, TOTAL_COUNT_HEADER, type HttpMethod, type RouteDef } from '@concierge/contracts/shared/route';
import type * as usersRoutes from '@concierge/contracts/users/routes';
import { clearSession, getAccessToken, getRefreshToken, storeTokens } from '../auth-storage';
import { createPositionTracker } from './read-your-writes';
import { routeUrl } from './route-url';
import type { CallArguments, KnownRoute, PagedRoute, PageItem, RouteAnswer } from './route-types';

export type { CallOptions, KnownRoute, RouteAnswer, RouteBody, RouteParams, RouteQuery } from './route-types';

const GENERIC_MESSAGE = 'Something went wrong. Please try again.';
const NETWORK_MESSAGE = 'The server cannot be reached. Check your connection and try again.';

/** A failed API call. `message` is the server's `message` when it sent one, else a generic text. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: unknown,
    message?: string,
  ) {
    super(message ?? serverMessageOf(body) ?? (status === 0 ? NETWORK_MESSAGE : GENERIC_MESSAGE));
  }
}

function serverMessageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  const { message } = body;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** The server's message when there is one, otherwise the screen's own default text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (serverMessageOf(error.body) ?? fallback) : fallback;
}

/** The id of a route of the sign-in flow (checked against the route table by the compiler). */
type AuthRouteId = (typeof authRoutes)[keyof typeof authRoutes]['id'] | (typeof usersRoutes.register)['id'];

// Calls where a 401 means wrong credentials or a spent token, not an expired access token. By id:
// the route modules carry their zod schemas, which stay off the first page (see loadAuthRoutes).
const NO_REFRESH_ROUTE_IDS: ReadonlySet<string> = new Set<AuthRouteId>([
  'auth.login',
  'auth.register',
  'auth.refreshToken',
  'auth.logout',
  'auth.forgotPassword',
  'auth.checkResetToken',
  'auth.resetPassword',
]);

/**
 * The auth routes, loaded when the session plumbing first needs one (a refresh, a logout): this
 * module is on the first page, and the routes' schemas would bring the full zod with them, whose
 * module order then breaks the page's no-eval policy (see app/content-security-policy.ts).
 */
export const loadAuthRoutes = () => import('@concierge/contracts/auth/routes');

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const positions = createPositionTracker();

async function send(method: HttpMethod, url: string, body: unknown, token: string | null, extra: Readonly<Record<string, string>> = {}): Promise<Response> {
  const headers: Record<string, string> = { ...extra, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token !== null) headers['Authorization'] = `Bearer ${token}`;
  const minPosition = positions.latest();
  const waitsForPosition = method === 'GET' && minPosition !== undefined;
  if (waitsForPosition) headers[MIN_POSITION_HEADER] = minPosition;
  for (let attempt = 1; ; attempt += 1) {
    let response: Response;
    try {
      response = await window.fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (error) {
      throw new ApiError(0, { cause: String(error) });
    }
    // The read models had not caught up within the server's wait: a busy moment, so ask again
    // (each ask waits on the server) rather than show the page without the user's own change.
    if (!waitsForPosition || response.headers.get(POSITION_REACHED_HEADER) !== 'false' || attempt >= POSITION_ATTEMPTS) return response;
    await response.body?.cancel();
  }
}

/** Answers whether the read models had reached X-Min-Position; `false` after the server's wait ran out. */
const POSITION_REACHED_HEADER = 'X-Position-Reached';
/** Asks for a read that the read models have not reached yet at most this often. */
const POSITION_ATTEMPTS = 3;

let refreshInFlight: Promise<string | null> | null = null;

/** Exchanges the refresh token for a new pair; null when the session cannot be renewed. */
async function renewTokens(): Promise<string | null> {
  const refreshToken = getRefreshToken();
  if (refreshToken === null) return null;
  const route = (await loadAuthRoutes()).refreshToken;
  const response = await send(route.method, routeUrl(route, undefined, undefined), { refreshToken }, null);
  if (!response.ok) return null;
  const body = await readBody(response);
  if (typeof body !== 'object' || body === null) return null;
  const { token, refreshToken: rotated } = body as Record<string, unknown>;
  if (typeof token !== 'string') return null;
  // The refresh token is single-use: the rotated one must replace it, or the next refresh fails.
  storeTokens(token, typeof rotated === 'string' ? rotated : null);
  return token;
}

/** One refresh at a time: concurrent 401s share it, since a spent refresh token cannot be used twice. */
function refreshAccessToken(): Promise<string | null> {
  refreshInFlight ??= renewTokens().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * Calls one route of the contracts' route table (below `/api`): its path parameters, query and
 * body are typed by the route's schemas, and so is the answer. Sends the stored bearer token;
 * after a 401 caused by an expired access token it refreshes once and retries once; if the
 * session cannot be renewed it is cleared, and the route guards take the visitor to /login with
 * a returnUrl.
 */
export const api = async <const R extends KnownRoute>(route: R, ...[options]: CallArguments<R>): Promise<RouteAnswer<R>> =>
  // The answer is trusted to match the route's schema, as the API specs check; parsing it here would load zod on the first page.
  (await request(route, options)).body as RouteAnswer<R>;

/** A GET of one page of a list whose exact total the server sends in header X-Total-Count. */
export const apiPage = async <const R extends PagedRoute>(route: R, ...[options]: CallArguments<R>): Promise<{ data: PageItem<R>[]; total: number }> => {
  const { body, headers } = await request(route, options);
  const data = Array.isArray(body) ? (body as PageItem<R>[]) : [];
  const total = Number.parseInt(headers.get(TOTAL_COUNT_HEADER) ?? '', 10);
  return { data, total: Number.isInteger(total) && total >= 0 ? total : data.length };
};

/** What `request` sends: CallOptions of some route, checked against the route by `api` and `apiPage`. */
interface SentOptions {
  readonly params?: object;
  readonly query?: object;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

async function request(route: RouteDef, options: SentOptions = {}): Promise<{ body: unknown; headers: Headers }> {
  const method: HttpMethod = route.method;
  const url = routeUrl(route, options.params, options.query);
  const sentToken = getAccessToken();
  let response = await send(method, url, options.body, sentToken, options.headers);

  if (response.status === 401 && sentToken !== null && !NO_REFRESH_ROUTE_IDS.has(route.id)) {
    const current = getAccessToken();
    // Another call may already have refreshed while this one was in flight.
    const token = current !== null && current !== sentToken ? current : await refreshAccessToken();
    if (token === null) {
      const error = new ApiError(401, await readBody(response));
      positions.reset();
      clearSession('expired');
      throw error;
    }
    response = await send(method, url, options.body, token, options.headers);
  }

  // A text route (an export) answers its text as it came, even when one line of it reads as JSON;
  // its refusals are problem details like any other.
  const body = response.ok && route.contentType !== undefined ? await response.text().catch(() => '') : await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body);
  if (method !== 'GET' && typeof body === 'object' && body !== null && 'position' in body) positions.remember(body.position);
  return { body, headers: response.headers };
}

/** Forgets the read-your-writes position (on logout, so the next user starts fresh). */
export function resetReadYourWrites(): void {
  positions.reset();
}

import { matchOrderKey, type RouteDef } from '@concierge/contracts';

/** The outcome of looking a request up in the route table. */
export type RouteMatch =
  | { readonly kind: 'matched'; readonly route: RouteDef; readonly params: Readonly<Record<string, string>> }
  | { readonly kind: 'method-not-allowed'; readonly allowed: readonly string[] }
  | { readonly kind: 'not-found' };

/** Looks up a method and a path below the API root (no query string), e.g. `GET /users/pending`. */
export type RouteMatcher = (method: string, path: string) => RouteMatch;

type Segment = { readonly literal: string } | { readonly param: string };

interface CompiledRoute {
  readonly route: RouteDef;
  readonly segments: readonly Segment[];
}

/**
 * Compiles the route table once. A literal segment beats a `:param` segment at the first
 * position where two patterns differ, so `GET /users/pending` is never read as `/users/:id`,
 * whatever order the table lists them in.
 */
export function createRouteMatcher(routes: readonly RouteDef[]): RouteMatcher {
  const compiled = routes.map((route) => ({ route, segments: parsePattern(route.path) }));
  rejectAmbiguities(compiled);
  // Most specific first (the table's own matching order): the first route that matches a method is then the one to use.
  const keyOf = (entry: CompiledRoute) => matchOrderKey(entry.route.path);
  compiled.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));

  return (method, path) => {
    const parts = splitPath(path);
    if (parts === undefined) return { kind: 'not-found' };
    // HEAD is served by the GET handler upstream, as Express does.
    const wanted = method === 'HEAD' ? 'GET' : method;
    const allowed = new Set<string>();
    for (const candidate of compiled) {
      const params = matchSegments(candidate.segments, parts);
      if (params === undefined) continue;
      if (candidate.route.method === wanted) return { kind: 'matched', route: candidate.route, params };
      allowed.add(candidate.route.method);
    }
    if (allowed.size === 0) return { kind: 'not-found' };
    if (allowed.has('GET')) allowed.add('HEAD');
    return { kind: 'method-not-allowed', allowed: [...allowed].sort() };
  };
}

function parsePattern(path: string): Segment[] {
  if (!path.startsWith('/')) throw new Error(`Route path must start with "/": ${path}`);
  return path
    .split('/')
    .slice(1)
    .map((part) => (part.startsWith(':') ? { param: part.slice(1) } : { literal: part }));
}

/** Raw path segments; undefined when the path cannot name a route (bad escapes, dot segments). */
function splitPath(path: string): string[] | undefined {
  // Express treats one trailing slash as the same route; the services behind us do too.
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (!trimmed.startsWith('/')) return undefined;
  const parts = trimmed.split('/').slice(1);
  // Dot segments would let the gateway and a service disagree on which route a path names.
  return parts.some((part) => isDotSegment(part)) ? undefined : parts;
}

function isDotSegment(part: string): boolean {
  const decoded = decode(part);
  return decoded === '.' || decoded === '..';
}

function matchSegments(segments: readonly Segment[], parts: readonly string[]): Record<string, string> | undefined {
  if (segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of segments.entries()) {
    const part = parts[index];
    if (part === undefined) return undefined;
    if ('literal' in segment) {
      if (part !== segment.literal) return undefined;
      continue;
    }
    const value = decode(part);
    if (value === undefined || value === '') return undefined;
    params[segment.param] = value;
  }
  return params;
}

function decode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

/** Two routes with one method and one pattern shape (`/users/:id` and `/users/:userId`) cannot both be reached. */
function rejectAmbiguities(compiled: readonly CompiledRoute[]): void {
  const seen = new Map<string, string>();
  for (const { route, segments } of compiled) {
    const shape = segments.map((segment) => ('literal' in segment ? segment.literal : ':')).join('/');
    const key = `${route.method} /${shape}`;
    const previous = seen.get(key);
    if (previous !== undefined) {
      throw new Error(`Routes ${previous} and ${route.id} both match ${route.method} ${route.path}`);
    }
    seen.set(key, route.id);
  }
}

import type { RequestListener } from 'node:http';
import type { RouteDef } from '@concierge/contracts';
import { methodLabel, onResponseEnd, pathOf, requestDurations } from '@concierge/platform/metrics/http';
import type { Registry } from '@concierge/platform/metrics/registry';
import { createRouteMatcher, type RouteMatcher } from '../route-matcher.js';

/** The gateway's own endpoints under /api, counted by name. */
const OWN_API_PATHS: Readonly<Record<string, string>> = { '/api/health': 'health', '/api/ready': 'ready' };

/** What a request to the gateway is counted as: a route id of the table, `health`/`ready`, `unmatched` under /api, else `spa`. */
export function gatewayRouteOf(match: RouteMatcher, method: string, url: string): string {
  const path = pathOf(url);
  const own = OWN_API_PATHS[path];
  if (own) return own;
  if (path !== '/api' && !path.startsWith('/api/')) return 'spa';
  const found = match(method, path.slice('/api'.length) || '/');
  return found.kind === 'matched' ? found.route.id : 'unmatched';
}

/**
 * The gateway's listener with every request timed (`concierge_http_request_duration_seconds`) by
 * the route id it goes to, from arrival to the last byte the browser gets, upstream time included.
 * The route is read at arrival, before anything rewrites the request's URL.
 */
export function withGatewayMetrics(app: RequestListener, registry: Registry, routes: readonly RouteDef[]): RequestListener {
  const durations = requestDurations(registry);
  const match = createRouteMatcher(routes);
  return (req, res) => {
    const method = req.method ?? 'GET';
    const route = gatewayRouteOf(match, method, req.url ?? '/');
    onResponseEnd(res, (status, seconds) => durations.observe({ route, method: methodLabel(method), status }, seconds));
    app(req, res);
  };
}

import type { RouteDef } from '@concierge/contracts/shared/route';
import { config } from '../../config/env';

/**
 * The URL of one call of a route: the API root, the route's path with its `:name` segments
 * replaced by `params` (percent-encoded), then the query. No caller writes a path by hand.
 * The compiler asks for every parameter; one missing here anyway is a bug, refused before sending.
 */
export function routeUrl(route: RouteDef, params: object | undefined, query: object | undefined): string {
  const values = new Map<string, unknown>(Object.entries(params ?? {}));
  const path = route.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = values.get(segment.slice(1));
      if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`${route.id} needs its path parameter ${segment}`);
      return encodeURIComponent(String(value));
    })
    .join('/');
  const search = new URLSearchParams();
  // An absent filter is left out rather than sent blank.
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return `${config.apiBaseUrl}${text === '' ? path : `${path}?${text}`}`;
}

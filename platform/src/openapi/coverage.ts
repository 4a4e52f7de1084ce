import { type HttpMethod, type RouteDef } from '@concierge/contracts';
import { API_ROOT, openApiPath, type OpenApiDocument } from './document.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Where a document and the route table disagree: routes the document lacks (or lists under
 * another operation id), and operations of the document no route of the table serves.
 */
export function documentCoverage(routes: readonly RouteDef[], document: OpenApiDocument): { missing: string[]; unrouted: string[] } {
  const missing = routes
    .filter((route) => document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()]?.operationId !== route.id)
    .map((route) => `${route.id} (${route.method} ${openApiPath(route.path)})`);
  const served = new Set(routes.map((route) => `${route.method} ${openApiPath(route.path)}`));
  const unrouted = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => METHODS.includes(key))
      .map((method) => `${method.toUpperCase() as HttpMethod} ${path}`)
      .filter((operation) => !served.has(operation) || !operation.includes(` ${API_ROOT}/`)),
  );
  return { missing, unrouted };
}

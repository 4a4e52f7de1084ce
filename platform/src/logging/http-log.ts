import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { matchRoute, type HttpMethod } from '@concierge/contracts';
import type { Logger } from './logger.js';

const API_ROOT = '/api';
/** Probes answered several times a minute: logging each would bury the requests people make. */
const PROBES = new Set(['/health', '/ready', '/metrics', '/api/health', '/api/ready']);
/** Longer path segments are left out of a logged path: a token or a key is never shorter. */
const LONGEST_LOGGED_SEGMENT = 32;

/** The path as requested: Express rewrites `url` inside a mounted router and keeps the original aside. */
function pathOf(req: Pick<IncomingMessage, 'url'> & { originalUrl?: string }): string {
  const url = req.originalUrl ?? req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * What a request line says of the path without ever holding a secret: the route table's pattern
 * when a route takes it (`/api/auth/reset-password/:token`, never the token), else the path
 * without its query and with any segment long enough to be a token shortened to `…`.
 */
export function loggedPath(req: Pick<IncomingMessage, 'method' | 'url'> & { originalUrl?: string }): { route: string } | { path: string } {
  const path = pathOf(req);
  if (path.startsWith(`${API_ROOT}/`)) {
    const matched = matchRoute((req.method ?? 'GET') as HttpMethod, path.slice(API_ROOT.length));
    if (matched) return { route: API_ROOT + matched.route.path };
  }
  return { path: path.split('/').map((segment) => (segment.length > LONGEST_LOGGED_SEGMENT ? '…' : segment)).join('/') };
}

/**
 * One JSON line per request when its answer is sent (method, route or path, status, milliseconds,
 * request id), through pino-http. Run it after `requestContext()`, whose id it logs. Headers,
 * bodies and query strings are never logged: they carry tokens, passwords and personal data.
 */
export function requestLog(logger: Logger): RequestHandler {
  const requestIdOf = (req: IncomingMessage): unknown => req.headers['x-request-id'];
  const middleware = pinoHttp<IncomingMessage, ServerResponse>({
    logger,
    genReqId: (req) => String(requestIdOf(req)),
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage) => ({ method: req.method, ...loggedPath(req) }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    autoLogging: { ignore: (req) => PROBES.has(pathOf(req)) },
    // A refusal (4xx) is the API working as meant: it stays at info, so LOG_LEVEL=warn shows only failures.
    customLogLevel: (_req, res, error) => (error !== undefined || res.statusCode >= 500 ? 'error' : 'info'),
    // The id goes in the line's own fields (where the log context's copy merges with it), not in a child's bindings (which would write it twice).
    customSuccessObject: (req, _res, fields: object) => ({ ...fields, requestId: requestIdOf(req) }),
    customErrorObject: (req, _res, _error, fields: object) => ({ ...fields, requestId: requestIdOf(req) }),
    customSuccessMessage: (req, res) => `${req.method ?? ''} ${Object.values(loggedPath(req))[0] ?? ''} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method ?? ''} ${Object.values(loggedPath(req))[0] ?? ''} ${res.statusCode}`,
  });
  return (req, res, next) => middleware(req, res, next);
}

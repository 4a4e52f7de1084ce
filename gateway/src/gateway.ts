import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type { RouteDef } from '@concierge/contracts';
import { sendProblem } from '@concierge/platform/http/problem';
import { requestContext } from '@concierge/platform/http/request-id';
import { loggedPath, requestLog } from '@concierge/platform/logging/http-log';
import { createLogger, type Logger } from '@concierge/platform/logging/logger';
import { healthHandler } from './health.js';
import { readinessHandler } from './readiness.js';
import { upstreamProxy, type Forward, type ProxyTarget } from './proxy.js';
import { createRouteMatcher } from './route-matcher.js';
import { securityHeaders } from './security-headers.js';
import { spaHandler } from './spa.js';
import { upstreamPool, upstreamUrls } from './upstream-pool.js';
import type { TrustProxy } from './trust-proxy.js';

export interface GatewayDeps {
  /** The route table from contracts: it decides which service answers each API call. */
  readonly routes: readonly RouteDef[];
  /** The command API's replicas: one URL, a list, or URLs separated by commas. */
  readonly commandApiUrl: string | readonly string[];
  /** The query API's replicas, as commandApiUrl. */
  readonly queryApiUrl: string | readonly string[];
  /** The built SPA (web/dist); without it the gateway serves the API only. */
  readonly staticDir?: string;
  readonly logger?: Logger;
  /** How long an upstream may stay silent before the caller gets a 504. */
  readonly upstreamTimeoutMs?: number;
  /** How long a call waits for a service that is (re)starting before it is answered 503. */
  readonly upstreamStartWaitMs?: number;
  /** How long each upstream `/health` probe may take. */
  readonly healthTimeoutMs?: number;
  /** How often each replica's `/health` is asked whether it is draining; 0 asks only after a refused connection. */
  readonly upstreamProbeMs?: number;
  /** Where members reach the app; an https URL turns on HSTS. */
  readonly publicUrl?: string;
  /** The proxies in front whose X-Forwarded-For names the client; none by default. */
  readonly trustProxy?: TrustProxy;
}

/** The one origin the browser talks to: `/api/*` to the command or query API, the rest to the SPA. Does not listen. */
export function createGateway(deps: GatewayDeps): Express {
  const logger = deps.logger ?? createLogger('gateway', 'silent');
  const timeoutMs = deps.upstreamTimeoutMs ?? 30_000;
  const gateOptions = { maxWaitMs: deps.upstreamStartWaitMs ?? 15_000, probeMs: deps.upstreamProbeMs ?? 500 };
  const target = (name: string, urls: string | readonly string[]): ProxyTarget => ({ pool: upstreamPool(name, upstreamUrls(urls), gateOptions), timeoutMs });
  const targets: Record<RouteDef['side'], ProxyTarget> = {
    command: target('command-api', deps.commandApiUrl),
    query: target('query-api', deps.queryApiUrl),
  };
  const replicaUrls = (side: RouteDef['side']) => targets[side].pool.replicas.map((replica) => replica.url);

  const app = express();
  app.disable('x-powered-by');
  // req.ip is the client's address only as far as this is right: it is what the APIs' per-IP limits count.
  app.set('trust proxy', deps.trustProxy ?? false);
  // Every call is named by its X-Request-Id (the caller's when well-formed): answered, forwarded to the APIs, on every log line.
  app.use(requestContext(), requestLog(logger));
  app.use(securityHeaders({ https: new URL(deps.publicUrl ?? 'http://localhost:8080').protocol === 'https:' }));
  // Answers carry tokens and personal data: no browser or shared cache keeps one unless its service says so.
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.get(
    '/api/health',
    healthHandler({ command: replicaUrls('command'), query: replicaUrls('query') }, deps.healthTimeoutMs ?? 2_000),
  );
  app.get('/api/ready', readinessHandler({ 'command-api': replicaUrls('command'), 'query-api': replicaUrls('query') }, deps.healthTimeoutMs ?? 3_000));
  app.use('/api', apiHandler(deps.routes, targets, logger));
  if (deps.staticDir !== undefined) app.use(spaHandler(deps.staticDir));
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  app.use(errorHandler(logger));
  return app;
}

function apiHandler(routes: readonly RouteDef[], targets: Record<RouteDef['side'], ProxyTarget>, logger: Logger): RequestHandler {
  const match = createRouteMatcher(routes);
  const forwards: Record<RouteDef['side'], Forward> = { command: upstreamProxy(targets.command, logger), query: upstreamProxy(targets.query, logger) };
  return (req, res) => {
    // Mounted at /api, so req.path is the path below the API root, as the route table writes it.
    const result = match(req.method, req.path);
    const shown = `${req.method} /api${req.path}`;
    switch (result.kind) {
      case 'matched':
        forwards[result.route.side](req, res);
        return;
      case 'method-not-allowed':
        res.setHeader('Allow', result.allowed.join(', '));
        sendProblem(res, 405, `No API route ${shown}; this path accepts ${result.allowed.join(', ')}.`);
        return;
      case 'not-found':
        sendProblem(res, 404, `No API route ${shown}`);
        return;
      default:
        return result satisfies never;
    }
  };
}

function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // Static serving flags client mistakes (a malformed path, say) with a 4xx status: keep it.
    const status = clientErrorStatus(error);
    if (status !== undefined) {
      sendProblem(res, status, 'The request could not be served.');
      return;
    }
    logger.error({ err: error, method: req.method, ...loggedPath(req) }, 'Gateway error');
    sendProblem(res, 500, 'Something went wrong. Please try again.');
  };
}

function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const { status } = error;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

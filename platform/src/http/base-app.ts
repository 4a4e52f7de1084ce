import express, { type Express, type Router } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { metricsEndpoint } from '../metrics/endpoint.js';
import { httpMetrics } from '../metrics/http.js';
import { requestLog } from '../logging/http-log.js';
import { notFoundHandler, problemHandler } from './problem.js';
import { readinessHandler, type ReadinessCheck } from './readiness.js';
import { requestContext } from './request-id.js';
import { refuseInvalidUtf8 } from './utf8.js';

/** Request bodies are small JSON documents; anything larger is refused before parsing. */
export const JSON_BODY_LIMIT = '100kb';

export interface ApiAppOptions {
  readonly logger: Logger;
  readonly routers: readonly Router[];
  /** Answers GET /health; throws when the service cannot serve. */
  readonly health?: () => Promise<Record<string, unknown>>;
  /** Probes behind GET /ready, one per dependency. */
  readonly readiness?: Readonly<Record<string, ReadinessCheck>>;
  /** The service's metrics: requests are timed by route id and `GET /metrics` serves them (the gateway never forwards it). */
  readonly metrics?: { readonly registry: Registry; readonly commands?: boolean };
}

/** The common shell of both APIs: security headers, request ids, JSON bodies, problem details. */
export function createApiApp(options: ApiAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // Only the gateway reaches the APIs: on this host (loopback), or from a private container
  // network in the compose topology. It replaces X-Forwarded-For with the one client address it
  // settled on, so req.ip (what per-IP rate limits count) is that address and never a browser's claim.
  app.set('trust proxy', 'loopback, uniquelocal');
  if (options.metrics) app.use(httpMetrics(options.metrics.registry, { commands: options.metrics.commands ?? false }));
  app.use(helmet());
  // The gateway's X-Request-Id (or a new one) names the request on every log line and in the events it appends.
  app.use(requestContext());
  app.use(requestLog(options.logger));
  app.use((_req, res, next) => {
    // Answers carry tokens and personal data; a route that may be cached says so itself.
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.get('/health', async (_req, res) => {
    try {
      res.json({ status: 'ok', ...(await options.health?.()) });
    } catch (error) {
      res.status(503).json({ status: 'unavailable', message: error instanceof Error ? error.message : String(error) });
    }
  });
  app.get('/ready', readinessHandler(options.readiness ?? {}));
  if (options.metrics) app.get('/metrics', metricsEndpoint(options.metrics.registry));
  // Bytes that are not UTF-8 are refused like a lone surrogate, never decoded into U+FFFD and stored.
  app.use('/api', express.json({ limit: JSON_BODY_LIMIT, strict: true, verify: refuseInvalidUtf8 }));
  for (const router of options.routers) app.use('/api', router);
  app.use(notFoundHandler);
  app.use(problemHandler(options.logger));
  return app;
}

import type { Request, RequestHandler, Response } from 'express';
import { Counter, Histogram, type Registry } from 'prom-client';
import { LATENCY_BUCKETS } from './registry.js';

const routeIds = new WeakMap<Request, string>();

/** Marks a request as the route table's route `id`: its latency is then counted under the id, never its path. */
export function tagRoute(id: string): RequestHandler {
  return (req, _res, next) => {
    routeIds.set(req, id);
    next();
  };
}

/** The route id a request was tagged with, if a route of the table took it. */
export function routeIdOf(req: Request): string | undefined {
  return routeIds.get(req);
}

/** The service's own endpoints, counted by name; any other path no route took is `unmatched`. */
const OWN_PATHS: Readonly<Record<string, string>> = { '/health': 'health', '/ready': 'ready', '/metrics': 'metrics' };
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export type CommandOutcome = 'accepted' | 'rejected' | 'conflict' | 'failed';

/** A command's outcome from its answer: 409 is a lost race or a taken value, other 4xx the caller's mistake or a refusal. */
export function commandOutcome(status: number): CommandOutcome {
  if (status >= 500) return 'failed';
  if (status === 409) return 'conflict';
  if (status >= 400) return 'rejected';
  return 'accepted';
}

export interface HttpMetricsOptions {
  /** The label of a request no route of the table took (the gateway names its SPA and its own endpoints). */
  readonly fallbackRoute?: (req: Request) => string | undefined;
  /** Counts each route of the table as a command by outcome (the command API). */
  readonly commands?: boolean;
}

/**
 * Times every request from its arrival to its last byte (or the client going away, `status="aborted"`),
 * by route id, method and status: `concierge_http_request_duration_seconds`. With `commands`, also
 * `concierge_commands_total` by route id and outcome.
 */
export function httpMetrics(registry: Registry, options: HttpMetricsOptions = {}): RequestHandler {
  const duration = new Histogram({
    name: 'concierge_http_request_duration_seconds',
    help: 'HTTP requests from arrival to the last byte sent, by route id of the route table, method and status.',
    labelNames: ['route', 'method', 'status'],
    buckets: [...LATENCY_BUCKETS],
    registers: [registry],
  });
  const commands = options.commands
    ? new Counter({
        name: 'concierge_commands_total',
        help: 'Commands by route id and outcome: accepted (2xx), rejected (4xx but 409), conflict (409), failed (5xx).',
        labelNames: ['command', 'outcome'],
        registers: [registry],
      })
    : undefined;
  const routeOf = (req: Request): string =>
    routeIdOf(req) ?? options.fallbackRoute?.(req) ?? OWN_PATHS[new URL(req.originalUrl, 'http://x.invalid').pathname] ?? 'unmatched';

  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('close', () => record(req, res, started));
    next();
  };

  function record(req: Request, res: Response, started: bigint): void {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const route = routeOf(req);
    const status = res.writableFinished ? String(res.statusCode) : 'aborted';
    duration.observe({ route, method: METHODS.has(req.method) ? req.method : 'OTHER', status }, seconds);
    const commandId = routeIdOf(req);
    if (commands && commandId && res.writableFinished) commands.inc({ command: commandId, outcome: commandOutcome(res.statusCode) });
  }
}

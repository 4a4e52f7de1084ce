import type { ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
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

/** The path of a request target, without its query; never throws, whatever the client sent. */
export function pathOf(target: string | undefined): string {
  const path = (target ?? '/').split('?', 1)[0];
  return path === undefined || path === '' ? '/' : path;
}

export type CommandOutcome = 'accepted' | 'rejected' | 'conflict' | 'failed';

/** A command's outcome from its answer: 409 is a lost race or a taken value, other 4xx the caller's mistake or a refusal. */
export function commandOutcome(status: number): CommandOutcome {
  if (status >= 500) return 'failed';
  if (status === 409) return 'conflict';
  if (status >= 400) return 'rejected';
  return 'accepted';
}

export interface HttpMetricsOptions {
  /** Counts each route of the table as a command by outcome (the command API). */
  readonly commands?: boolean;
}

/** `concierge_http_request_duration_seconds` by route id, method and status, in `registry`. */
export function requestDurations(registry: Registry): Histogram<'route' | 'method' | 'status'> {
  return new Histogram({
    name: 'concierge_http_request_duration_seconds',
    help: 'HTTP requests from arrival to the last byte sent (status "aborted" when the client left first), by route id of the route table, method and status.',
    labelNames: ['route', 'method', 'status'],
    buckets: [...LATENCY_BUCKETS],
    registers: [registry],
  });
}

/** A method label that cannot grow: the usual ones, anything else `OTHER`. */
export function methodLabel(method: string | undefined): string {
  return method !== undefined && METHODS.has(method) ? method : 'OTHER';
}

/** Calls `done` once the answer is sent or the connection closed first, with the status and the seconds since now. */
export function onResponseEnd(res: ServerResponse, done: (status: string, seconds: number) => void): void {
  const started = process.hrtime.bigint();
  res.once('close', () => done(res.writableFinished ? String(res.statusCode) : 'aborted', Number(process.hrtime.bigint() - started) / 1e9));
}

/**
 * Times every request of an API from its arrival to its last byte, by route id (see tagRoute),
 * method and status; with `commands`, also `concierge_commands_total` by route id and outcome.
 */
export function httpMetrics(registry: Registry, options: HttpMetricsOptions = {}): RequestHandler {
  const duration = requestDurations(registry);
  const commands = options.commands
    ? new Counter({
        name: 'concierge_commands_total',
        help: 'Commands by route id and outcome: accepted (2xx), rejected (4xx but 409), conflict (409), failed (5xx).',
        labelNames: ['command', 'outcome'],
        registers: [registry],
      })
    : undefined;

  return (req, res, next) => {
    onResponseEnd(res, (status, seconds) => {
      const id = routeIdOf(req);
      duration.observe({ route: id ?? OWN_PATHS[pathOf(req.originalUrl)] ?? 'unmatched', method: methodLabel(req.method), status }, seconds);
      if (commands && id && status !== 'aborted') commands.inc({ command: id, outcome: commandOutcome(res.statusCode) });
    });
    next();
  };
}

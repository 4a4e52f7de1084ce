import { hostname } from 'node:os';
import { collectDefaultMetrics, Registry } from 'prom-client';

export type { Registry } from 'prom-client';

/** Upper bounds (seconds) of the latency histograms: 1 ms to 10 s, a request's or an append's range. */
export const LATENCY_BUCKETS: readonly number[] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Upper bounds (seconds) of job durations: a mail in milliseconds, a replay-verification in minutes. */
export const JOB_DURATION_BUCKETS: readonly number[] = [0.005, 0.025, 0.1, 0.25, 1, 2.5, 10, 30, 60, 300, 900];

export interface ServiceMetricsOptions {
  /** Tells processes of one service apart; the host name and pid by default. */
  readonly instance?: string;
  /** The Node.js process series (CPU, memory, event loop lag, GC); on by default. */
  readonly processMetrics?: boolean;
}

/**
 * One service's registry: every series it serves carries `service` and `instance` labels, and the
 * Node.js process series come with it. One per process, made by the composition root (no global
 * registry, so tests can hold several services in one process).
 */
export function serviceMetrics(service: string, options: ServiceMetricsOptions = {}): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service, instance: options.instance ?? `${hostname()}:${process.pid}` });
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry });
  return registry;
}

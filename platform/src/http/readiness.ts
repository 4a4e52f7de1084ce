import type { RequestHandler } from 'express';
import type { EventStore } from '../event-store/port.js';
import { formatPosition } from '../event-store/position.js';

/** One dependency's state as a readiness probe saw it. */
export interface CheckResult {
  readonly status: 'up' | 'down';
  readonly [detail: string]: unknown;
}

/** A probe: resolves with details when the dependency serves, throws (or reports down) when it does not. */
export type ReadinessCheck = () => Promise<Record<string, unknown> | CheckResult | void>;

export interface ReadinessReport {
  readonly status: 'ready' | 'not ready';
  readonly checks: Readonly<Record<string, CheckResult>>;
}

/** How long one probe may take before its dependency counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

async function run(check: ReadinessCheck, timeoutMs: number): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const details = await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { status: 'up', ...details };
  } catch (error) {
    return { status: 'down', error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs every probe at once; the service is ready when all are up. */
export async function readiness(checks: Readonly<Record<string, ReadinessCheck>>, timeoutMs = CHECK_TIMEOUT_MS): Promise<ReadinessReport> {
  const results = await Promise.all(Object.entries(checks).map(async ([name, check]) => [name, await run(check, timeoutMs)] as const));
  const ready = results.every(([, result]) => result.status === 'up');
  return { status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(results) };
}

/**
 * `GET /ready`: unlike `/health` (the process answers at all), whether it can serve now, dependency
 * by dependency; 503 when one is down, so a load balancer or an operator sees which.
 */
export function readinessHandler(checks: Readonly<Record<string, ReadinessCheck>>): RequestHandler {
  return async (_req, res) => {
    const report = await readiness(checks);
    res.status(report.status === 'ready' ? 200 : 503).json(report);
  };
}

/** The event store answers; its head says how far it is. */
export function eventStoreCheck(store: Pick<EventStore, 'headPosition'>): ReadinessCheck {
  return async () => ({ head: formatPosition(await store.headPosition()) });
}

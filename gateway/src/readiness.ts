import type { RequestHandler } from 'express';

type Check = { status: 'up' | 'down'; lagMs?: unknown };
type ServiceReadiness = { status: 'ready' | 'not ready' | 'down'; checks?: Record<string, Check> };

/**
 * `GET /api/ready`: each service's own readiness (its PostgreSQL, Redis, the workers' heartbeat,
 * projection lag), gathered at once. The public answer names states and lags only; the reasons
 * (addresses, driver messages) stay on each service's own `/ready`, reachable from the host.
 */
export function readinessHandler(upstreams: Readonly<Record<string, URL>>, timeoutMs: number): RequestHandler {
  return async (_req, res) => {
    const entries = await Promise.all(Object.entries(upstreams).map(async ([name, url]) => [name, await ask(url, timeoutMs)] as const));
    const ready = entries.every(([, report]) => report.status === 'ready');
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ready' : 'not ready', services: { gateway: { status: 'ready' }, ...Object.fromEntries(entries) } });
  };
}

async function ask(base: URL, timeoutMs: number): Promise<ServiceReadiness> {
  const url = new URL('ready', base.href.endsWith('/') ? base : `${base.href}/`);
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    const body = (await response.json()) as { status?: unknown; checks?: Record<string, Check> };
    const checks = Object.fromEntries(
      Object.entries(body.checks ?? {}).map(([name, check]) => [name, { status: check.status, ...(check.lagMs === undefined ? {} : { lagMs: check.lagMs }) }]),
    );
    return { status: response.ok && body.status === 'ready' ? 'ready' : 'not ready', checks };
  } catch {
    return { status: 'down' };
  }
}

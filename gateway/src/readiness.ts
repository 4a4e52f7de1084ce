import type { RequestHandler } from 'express';

type Check = { status: 'up' | 'down'; lagMs?: unknown };
type ServiceReadiness = { status: 'ready' | 'not ready' | 'down'; checks?: Record<string, Check>; replicas?: ServiceReadiness[] };

/**
 * `GET /api/ready`: each service's own readiness (its PostgreSQL, Redis, the workers' heartbeat,
 * projection lag), gathered at once. A service run as several replicas is ready when one of them
 * is, and lists each one under `replicas`. The public answer names states and lags only; the
 * reasons (addresses, driver messages) stay on each service's own `/ready`, reachable from the host.
 */
export function readinessHandler(upstreams: Readonly<Record<string, readonly URL[]>>, timeoutMs: number): RequestHandler {
  return async (_req, res) => {
    const entries = await Promise.all(
      Object.entries(upstreams).map(async ([name, urls]) => [name, combine(await Promise.all(urls.map((url) => ask(url, timeoutMs))))] as const),
    );
    const ready = entries.every(([, report]) => report.status === 'ready');
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ready' : 'not ready', services: { gateway: { status: 'ready' }, ...Object.fromEntries(entries) } });
  };
}

function combine(replicas: readonly ServiceReadiness[]): ServiceReadiness {
  const [only] = replicas;
  if (only && replicas.length === 1) return only;
  const shown = replicas.find((replica) => replica.status === 'ready') ?? replicas.find((replica) => replica.status !== 'down') ?? only;
  return { status: shown?.status ?? 'down', ...(shown?.checks ? { checks: shown.checks } : {}), replicas: [...replicas] };
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

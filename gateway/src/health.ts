import type { RequestHandler } from 'express';

export type ServiceState = 'up' | 'down';

/**
 * The body of `GET /api/health`: the platform is `ok` only when every service behind the gateway
 * is, and a service is up when one of its replicas is; `replicas` lists each one's state (in the
 * order configured) for services run as several.
 */
export interface HealthReport {
  readonly status: 'ok' | 'unavailable';
  readonly services: Readonly<Record<string, ServiceState>>;
  readonly replicas?: Readonly<Record<string, readonly ServiceState[]>>;
}

/** Answers `GET /api/health` by asking each upstream replica's own `/health`, all at once and briefly. */
export function healthHandler(upstreams: Readonly<Record<string, readonly URL[]>>, timeoutMs: number): RequestHandler {
  return async (_req, res) => {
    const entries = await Promise.all(
      Object.entries(upstreams).map(async ([name, urls]) => [name, await Promise.all(urls.map((url) => probe(url, timeoutMs)))] as const),
    );
    const services = Object.fromEntries(entries.map(([name, states]) => [name, states.includes('up') ? 'up' : 'down'] as const));
    const replicated = entries.filter(([, states]) => states.length > 1);
    const healthy = Object.values(services).every((state) => state === 'up');
    const report: HealthReport = { status: healthy ? 'ok' : 'unavailable', services, ...(replicated.length > 0 ? { replicas: Object.fromEntries(replicated) } : {}) };
    res.status(healthy ? 200 : 503).set('Cache-Control', 'no-store').json(report);
  };
}

async function probe(base: URL, timeoutMs: number): Promise<ServiceState> {
  // Resolve against the base as a folder, so an upstream mounted under a path prefix works too.
  const url = new URL('health', base.href.endsWith('/') ? base : `${base.href}/`);
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.ok ? 'up' : 'down';
  } catch {
    return 'down';
  }
}

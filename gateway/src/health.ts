import type { RequestHandler } from 'express';

export type ServiceState = 'up' | 'down';

/** The body of `GET /api/health`: the platform is `ok` only when every service behind the gateway is. */
export interface HealthReport {
  readonly status: 'ok' | 'unavailable';
  readonly services: Readonly<Record<string, ServiceState>>;
}

/** Answers `GET /api/health` by asking each upstream's own `/health`, all at once and briefly. */
export function healthHandler(upstreams: Readonly<Record<string, URL>>, timeoutMs: number): RequestHandler {
  return async (_req, res) => {
    const entries = await Promise.all(
      Object.entries(upstreams).map(async ([name, url]) => [name, await probe(url, timeoutMs)] as const),
    );
    const healthy = entries.every(([, state]) => state === 'up');
    const report: HealthReport = { status: healthy ? 'ok' : 'unavailable', services: Object.fromEntries(entries) };
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

/** What the landing page tells a visitor about the platform. */
export type PlatformStatus = 'up' | 'degraded' | 'down';

/** Reads the gateway's `GET /api/health` answer: 200 with status ok, 503 when a service is down. */
export function toPlatformStatus(httpStatus: number, body: unknown): PlatformStatus {
  const reportsOk = typeof body === 'object' && body !== null && 'status' in body && body.status === 'ok';
  if (httpStatus === 200 && reportsOk) return 'up';
  // The gateway answered, so the site is reachable even though something behind it is not.
  if (httpStatus === 503) return 'degraded';
  return 'down';
}

export async function getPlatformStatus(signal: AbortSignal): Promise<PlatformStatus> {
  try {
    const response = await fetch('/api/health', { signal, headers: { Accept: 'application/json' } });
    const body: unknown = await response.json().catch(() => undefined);
    return toPlatformStatus(response.status, body);
  } catch (error) {
    if (signal.aborted) throw error;
    return 'down';
  }
}

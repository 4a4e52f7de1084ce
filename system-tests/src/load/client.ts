import { MIN_POSITION_HEADER, routesById } from '@concierge/contracts';

/** One request that did not end in the status its journey expected. */
export interface LoadError {
  /** Route id from the route table. */
  readonly route: string;
  /** HTTP status, or `network` when no answer came (refused, reset, timed out). */
  readonly status: number | 'network';
  readonly message: string;
  /** Seconds since the run started. */
  readonly atSeconds: number;
}

/** Latencies per route id and every error, shared by all virtual users of a run. */
export class Recorder {
  readonly latencies = new Map<string, number[]>();
  readonly errors: LoadError[] = [];
  /** Failed reads that were sent again, as the SPA does (not errors unless the last try failed too). */
  readonly retried: LoadError[] = [];
  readonly startedAt = performance.now();

  sample(route: string, ms: number): void {
    const list = this.latencies.get(route);
    if (list) list.push(ms);
    else this.latencies.set(route, [ms]);
  }

  error(route: string, status: number | 'network', message: string, retried = false): void {
    (retried ? this.retried : this.errors).push({ route, status, message, atSeconds: Math.round((performance.now() - this.startedAt) / 100) / 10 });
  }
}

export interface CallOptions {
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: string;
  readonly body?: unknown;
  /** The `Authorization` header value. */
  readonly authorization?: string;
  /** A command's position, sent back as the SPA does so the read sees the write. */
  readonly minPosition?: string | null;
}

/** The concrete path below the origin of a route of the table, with its parameters filled in. */
export function pathOf(routeId: string, params: Readonly<Record<string, string>> = {}): { method: string; path: string } {
  const route = routesById.get(routeId);
  if (!route) throw new Error(`no route ${routeId} in the route table`);
  const path = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${routeId} needs parameter ${name}`);
    return encodeURIComponent(value);
  });
  return { method: route.method, path: `/api${path}` };
}

/** Past the gateway's own deadline (30 s, then 504), so the product, not the harness, says when a call took too long. */
const REQUEST_TIMEOUT_MS = 60_000;
/** The SPA's reads (TanStack Query) try twice more after a 5xx or a network failure, 1 s then 2 s later; commands never. */
const READ_RETRIES = 2;

type Attempt = { ok: true; status: number; text: string } | { ok: false; status: number | 'network'; message: string };

async function attempt(url: string, init: RequestInit): Promise<Attempt> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await response.text();
    if (response.status >= 200 && response.status <= 299) return { ok: true, status: response.status, text };
    return { ok: false, status: response.status, message: problemMessage(text) };
  } catch (error) {
    return { ok: false, status: 'network', message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/**
 * Calls one route of the table through the gateway, as the SPA would, and records its latency
 * (for a read sent again, the whole wait its user saw). A read that fails with a 5xx or no answer
 * is sent again like the SPA's, and the failed try is listed as retried; anything else but a 2xx,
 * or a read failing its last try, is an error of the run (with the problem's message) and answers
 * undefined, so the journey drops the steps that depended on it.
 */
export async function call<T>(base: string, recorder: Recorder, routeId: string, options: CallOptions = {}): Promise<T | undefined> {
  const { method, path } = pathOf(routeId, options.params);
  const headers: Record<string, string> = {};
  if (options.authorization) headers['authorization'] = options.authorization;
  if (options.minPosition) headers[MIN_POSITION_HEADER] = options.minPosition;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const url = `${base}${path}${options.query ? `?${options.query}` : ''}`;
  const init: RequestInit = { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) };
  const retries = method === 'GET' ? READ_RETRIES : 0;
  const started = performance.now();
  for (let failures = 0; ; failures += 1) {
    const result = await attempt(url, init);
    if (result.ok) {
      recorder.sample(routeId, performance.now() - started);
      return (result.text ? JSON.parse(result.text) : undefined) as T;
    }
    const again = failures < retries && (result.status === 'network' || (result.status >= 500 && result.status !== 501));
    recorder.error(routeId, result.status, result.message, again);
    if (!again) {
      recorder.sample(routeId, performance.now() - started);
      return undefined;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** failures));
  }
}

function problemMessage(text: string): string {
  try {
    const problem = JSON.parse(text) as { message?: unknown; detail?: unknown; title?: unknown };
    const message = problem.message ?? problem.detail ?? problem.title;
    if (typeof message === 'string') return message;
  } catch {
    // not JSON: the text itself says it
  }
  return text.slice(0, 200);
}

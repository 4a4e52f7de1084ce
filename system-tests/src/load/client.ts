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
  readonly startedAt = performance.now();

  sample(route: string, ms: number): void {
    const list = this.latencies.get(route);
    if (list) list.push(ms);
    else this.latencies.set(route, [ms]);
  }

  error(route: string, status: number | 'network', message: string): void {
    this.errors.push({ route, status, message, atSeconds: Math.round((performance.now() - this.startedAt) / 100) / 10 });
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

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Calls one route of the table through the gateway and records its latency. Anything but a 2xx
 * is an error of the run (recorded with the problem's message) and answers undefined, so the
 * journey drops the steps that depended on it.
 */
export async function call<T>(base: string, recorder: Recorder, routeId: string, options: CallOptions = {}): Promise<T | undefined> {
  const { method, path } = pathOf(routeId, options.params);
  const headers: Record<string, string> = {};
  if (options.authorization) headers['authorization'] = options.authorization;
  if (options.minPosition) headers[MIN_POSITION_HEADER] = options.minPosition;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${base}${path}${options.query ? `?${options.query}` : ''}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    recorder.sample(routeId, performance.now() - started);
    recorder.error(routeId, 'network', error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    return undefined;
  }
  recorder.sample(routeId, performance.now() - started);
  if (response.status < 200 || response.status > 299) {
    recorder.error(routeId, response.status, problemMessage(text));
    return undefined;
  }
  return (text ? JSON.parse(text) : undefined) as T;
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

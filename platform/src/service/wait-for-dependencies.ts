import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { ConfigError } from '../config/env.js';
import { problem } from '../http/problem.js';
import type { Dependency } from './dependencies.js';
import { serveHttp } from './run.js';

/** Back-off between two looks at a missing dependency: the first wait, doubling up to the ceiling. */
export const DEPENDENCY_BACKOFF = { firstDelayMs: 500, maxDelayMs: 30_000 } as const;

/** What a call hears while the service waits; Retry-After says when to ask again. */
const RETRY_AFTER_SECONDS = 5;

export interface WaitOptions {
  readonly dependencies: readonly Dependency[];
  readonly logger: Logger;
  /**
   * The address the service will serve on. While it waits it answers there already: `/health` and
   * `/ready` 503 naming what is missing, any other call 503 with Retry-After. A `/ready` that finds
   * every dependency back ends the wait at once instead of at the next back-off step.
   */
  readonly listen?: { readonly host: string | undefined; readonly port: number };
  readonly backoff?: { readonly firstDelayMs: number; readonly maxDelayMs: number };
}

/** Names and reasons of the dependencies that do not answer now; a bad setting throws its ConfigError. */
async function missing(dependencies: readonly Dependency[]): Promise<Map<Dependency, string>> {
  const results = await Promise.all(
    dependencies.map(async (dependency) => {
      try {
        await dependency.probe();
        return undefined;
      } catch (error) {
        if (error instanceof ConfigError) throw error;
        return [dependency, error instanceof Error ? error.message : String(error)] as const;
      }
    }),
  );
  return new Map(results.filter((entry) => entry !== undefined));
}

const names = (away: ReadonlyMap<Dependency, string>) => [...away.keys()].map((dependency) => dependency.name);

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * Returns once every dependency answers, having waited for those that do not (each look logged,
 * the next one after a back-off that doubles up to 30 s). Only a bad setting ends the wait with an
 * error: a server that is down for now is waited for, never a reason to exit.
 */
export async function waitForDependencies(options: WaitOptions): Promise<void> {
  const { dependencies, logger } = options;
  const backoff = options.backoff ?? DEPENDENCY_BACKOFF;
  let away = await missing(dependencies);
  if (away.size === 0) return;

  const started = Date.now();
  let wake: (() => void) | undefined;
  const report = (now: ReadonlyMap<Dependency, string>) => ({
    status: 'not ready',
    waitingFor: names(now),
    checks: Object.fromEntries(
      dependencies.map((dependency) => {
        const why = now.get(dependency);
        return [dependency.check, why === undefined ? { status: 'up' } : { status: 'down', error: why }];
      }),
    ),
  });
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    // No connection outlives its answer: when the wait ends, no idle keep-alive socket of a client
    // (the gateway) can be cut under a call it is just sending, which it could only answer 502.
    res.shouldKeepAlive = false;
    const path = (req.url ?? '').split('?')[0];
    if (path === '/ready') {
      missing(dependencies).then(
        (now) => {
          if (now.size === 0) wake?.();
          send(res, 503, report(now));
        },
        // A bad setting: the loop finds it too, and stops the service with its message.
        (error: unknown) => send(res, 503, { status: 'not ready', error: error instanceof Error ? error.message : String(error) }),
      );
      return;
    }
    if (path === '/health') return send(res, 503, { status: 'waiting', waitingFor: names(away) });
    const message = `The service is waiting for ${names(away).join(' and ')}. Please try again in a moment.`;
    send(res, 503, problem(503, message), { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Content-Type': 'application/problem+json' });
  };
  // Closing lets answers in flight (a /ready probe takes up to 2 s) finish.
  const close = options.listen ? await serveHttp(answer, options.listen.host, options.listen.port, { drainMs: 3_000 }) : undefined;

  try {
    let delayMs = backoff.firstDelayMs;
    for (let attempt = 1; away.size > 0; attempt += 1) {
      const reasons = [...away.values()].join('; ');
      logger.warn(
        { waitingFor: names(away), attempt, waitedMs: Date.now() - started, nextTryInMs: delayMs },
        `waiting for ${names(away).join(' and ')} before starting: ${reasons}; next try in ${delayMs / 1000} s`,
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delayMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
      away = await missing(dependencies);
      delayMs = Math.min(delayMs * 2, backoff.maxDelayMs);
    }
    logger.warn({ waitedMs: Date.now() - started }, `${dependencies.map((d) => d.name).join(' and ')} answer; starting`);
  } finally {
    await close?.();
  }
}

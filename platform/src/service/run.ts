import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ConfigError } from '../config/env.js';
import { DependencyUnavailableError } from '../config/preflight.js';
import { isUnavailable } from '../errors-unavailable.js';

/** How a service stops on SIGTERM; every service reads it with loadConfig. */
export const ShutdownConfig = z.object({
  /** Bound on finishing what is in flight (HTTP calls, jobs) once a service stops taking work. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * How long an API keeps serving after SIGTERM while its /health answers "draining", so the
   * gateway (which probes every 500 ms) routes new calls to another replica before this one
   * stops accepting connections.
   */
  SHUTDOWN_NOTICE_MS: z.coerce.number().int().min(0).max(60_000).default(1_500),
});
export type ShutdownConfig = z.infer<typeof ShutdownConfig>;

/** The status a draining service's /health and /ready answer with (503), which the gateway reads. */
export const DRAINING = 'draining';

/**
 * Exit codes the supervisor reads (sysexits.h): a bad setting stops the product with its message,
 * a dependency lost during start-up is started again without counting as a crash.
 */
export const EXIT_BAD_SETTING = 78;
export const EXIT_DEPENDENCY_DOWN = 75;

/**
 * Runs a service's start-up. Operator mistakes (bad configuration) end in one readable line and
 * exit 78; a dependency that went away during start-up (after `waitForDependencies` saw it) in one
 * line and exit 75; anything else prints its stack and exits 1.
 */
export function runService(name: string, start: () => Promise<void>): void {
  start().catch((error: unknown) => {
    if (error instanceof ConfigError) {
      console.error(`${name}: ${error.message}`);
      process.exit(EXIT_BAD_SETTING);
    }
    if (error instanceof DependencyUnavailableError || isUnavailable(error)) {
      console.error(`${name}: a dependency went away while starting: ${error instanceof Error ? error.message || String((error as { code?: unknown }).code) : String(error)}`);
      process.exit(EXIT_DEPENDENCY_DOWN);
    }
    console.error(`${name} failed to start:`, error);
    process.exit(1);
  });
}

export interface ShutdownOptions {
  /**
   * How long `close` may take in all before the process exits 1 anyway: close's own steps are
   * bounded, so this only catches one that hangs (a pool that never ends, say).
   */
  readonly hardStopMs?: number;
}

/**
 * Closes resources in order on SIGINT/SIGTERM, then exits 0 (1 when closing failed or hung).
 * `close` hears which signal came: SIGTERM is an orchestrated stop (a rolling restart: give the
 * balancer notice), SIGINT a person or the supervisor stopping everything (no one to hand over to).
 */
export function onShutdown(logger: Logger, close: (signal: NodeJS.Signals) => Promise<void>, options: ShutdownOptions = {}): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    logger.info({ signal }, 'shutting down');
    if (options.hardStopMs !== undefined) {
      setTimeout(() => {
        logger.error({ afterMs: options.hardStopMs }, 'shutdown did not finish in time; exiting');
        process.exit(1);
      }, options.hardStopMs).unref();
    }
    close(signal).then(
      () => {
        logger.info({ ms: Date.now() - started }, 'shut down');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

/** Resolves true when `work` settles within `ms`, false when the bound passes first (work goes on unwatched). */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const settled = work.then(
    () => true,
    () => true,
  );
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(resolve, ms, false);
  });
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface ServeOptions {
  /** How long calls in flight may finish once closing starts before their connections are cut; 0 cuts them at once. */
  readonly drainMs?: number;
  /**
   * How long to keep serving after closing starts, answering 503 "draining" on the probe paths
   * and `Connection: close` on every answer, before the listener closes; 0 closes it at once.
   */
  readonly noticeMs?: number;
  /** The paths a balancer probes; they answer 503 `{ status: 'draining' }` once closing starts. */
  readonly probePaths?: readonly string[];
}

/**
 * Stops taking work, lets calls in flight finish (bounded) and drops connections; `notice: false`
 * skips the notice period. `port` is the one bound (PORT=0 asks the OS for a free one).
 */
export type HttpCloser = ((options?: { readonly notice?: boolean }) => Promise<void>) & { readonly port: number };

/** How long an idle client connection stays open. */
const KEEP_ALIVE_MS = 65_000;

/** Listens on host:port (every interface when host is undefined) and returns its closer. */
export async function serveHttp(app: RequestListener, host: string | undefined, port: number, options: ServeOptions = {}): Promise<HttpCloser> {
  const probePaths = new Set(options.probePaths ?? ['/health', '/ready']);
  let draining = false;
  const server = createServer((req, res) => {
    if (draining) {
      // Every answer from now on ends its connection, so no client keeps a socket to a process that is leaving.
      res.shouldKeepAlive = false;
      res.setHeader('Connection', 'close');
      if (probePaths.has((req.url ?? '').split('?')[0] ?? '')) {
        res.writeHead(503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        res.end(JSON.stringify({ status: DRAINING }));
        return;
      }
    }
    app(req, res);
  });
  // Longer than the gateway keeps an idle connection to a replica (5 s): the gateway always drops
  // it first, even when this process's event loop stalls past Node's 5 s default, so no call goes
  // out on a connection this side is closing (under load that cut POSTs, answered 502).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const drainMs = options.drainMs ?? 0;
  const noticeMs = options.noticeMs ?? 0;
  const close = async ({ notice = true }: { readonly notice?: boolean } = {}) => {
    draining = true;
    if (notice && noticeMs > 0) await new Promise((resolve) => setTimeout(resolve, noticeMs));
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
      if (drainMs === 0) server.closeAllConnections();
      else setTimeout(() => server.closeAllConnections(), drainMs).unref();
    });
  };
  return Object.assign(close, { port: (server.address() as AddressInfo).port });
}

import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { ConfigError } from '../config/env.js';
import { DependencyUnavailableError } from '../config/preflight.js';

/**
 * Runs a service's start-up. Operator mistakes (bad configuration, a dependency that is down)
 * end in one readable line; anything else prints its stack. Either way the process exits 1.
 */
export function runService(name: string, start: () => Promise<void>): void {
  start().catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof DependencyUnavailableError) console.error(`${name}: ${error.message}`);
    else console.error(`${name} failed to start:`, error);
    process.exit(1);
  });
}

/** Closes resources in order on SIGINT/SIGTERM, then exits. */
export function onShutdown(logger: Logger, close: () => Promise<void>): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

export interface ServeOptions {
  /** How long calls in flight may finish once closing starts before their connections are cut; 0 cuts them at once. */
  readonly drainMs?: number;
}

/** Stops accepting and drops idle connections; `port` is the one bound (PORT=0 asks the OS for a free one). */
export type HttpCloser = (() => Promise<void>) & { readonly port: number };

/** Listens on host:port (every interface when host is undefined) and returns its closer. */
export async function serveHttp(app: RequestListener, host: string | undefined, port: number, options: ServeOptions = {}): Promise<HttpCloser> {
  const server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const drainMs = options.drainMs ?? 0;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
      if (drainMs === 0) server.closeAllConnections();
      else setTimeout(() => server.closeAllConnections(), drainMs).unref();
    });
  return Object.assign(close, { port: (server.address() as AddressInfo).port });
}

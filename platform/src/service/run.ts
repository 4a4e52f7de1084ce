import { createServer, type RequestListener } from 'node:http';
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

/** Listens on host:port and returns a closer that stops accepting and drops idle connections. */
export async function serveHttp(app: RequestListener, host: string, port: number): Promise<() => Promise<void>> {
  const server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

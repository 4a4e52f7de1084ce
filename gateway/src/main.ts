import { createServer } from 'node:http';
import { routes } from '@concierge/contracts';
import { loadConfig } from './config.js';
import { createGateway } from './gateway.js';
import { createJsonLogger } from './logger.js';

const logger = createJsonLogger('gateway');
const config = loadConfig(process.env);
const server = createServer(createGateway({ routes, logger, ...config }));

server.on('error', (error) => {
  logger.error({ err: error, port: config.port }, 'Gateway could not listen');
  process.exitCode = 1;
});

server.listen(config.port, () => {
  // PORT=0 asks the OS for a free port: report the one actually bound.
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  logger.info(
    { port, commandApiUrl: config.commandApiUrl, queryApiUrl: config.queryApiUrl, staticDir: config.staticDir, trustProxy: config.trustProxy },
    `Gateway ready on http://localhost:${port}`,
  );
});

function shutdown(signal: NodeJS.Signals): void {
  logger.info({ signal }, 'Gateway shutting down');
  server.close(() => logger.info({}, 'Gateway closed'));
  // Idle keep-alive sockets close at once; give calls in flight a moment, then cut them.
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), 10_000).unref();
}

process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

import { routes } from '@concierge/contracts';
import { loadConfig } from '@concierge/platform/config/env';
import { createLogger } from '@concierge/platform/logging/logger';
import { serveMetrics } from '@concierge/platform/metrics/endpoint';
import { serviceMetrics } from '@concierge/platform/metrics/registry';
import { onShutdown, runService, serveHttp, ShutdownConfig } from '@concierge/platform/service/run';
import { GatewayConfig } from './config.js';
import { createGateway } from './gateway.js';
import { withGatewayMetrics } from './metrics/http.js';

runService('gateway', async () => {
  const config = loadConfig(GatewayConfig);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const metrics = serviceMetrics('gateway');
  const closeMetrics = await serveMetrics(metrics, { host: config.GATEWAY_METRICS_HOST, port: config.GATEWAY_METRICS_PORT, setting: 'GATEWAY_METRICS_PORT' });
  const app = createGateway({
    routes,
    logger,
    commandApiUrl: config.COMMAND_API_URL,
    queryApiUrl: config.QUERY_API_URL,
    staticDir: config.STATIC_DIR,
    upstreamTimeoutMs: config.UPSTREAM_TIMEOUT_MS,
    publicUrl: config.PUBLIC_URL,
    trustProxy: config.TRUST_PROXY,
  });
  // The one origin members reach: every interface, unlike the APIs behind it.
  // Calls in flight when a restart begins get SHUTDOWN_GRACE_MS to finish before their connections are cut.
  const shutdown = loadConfig(ShutdownConfig);
  const closeServer = await serveHttp(withGatewayMetrics(app, metrics, routes), undefined, config.PORT, { drainMs: shutdown.SHUTDOWN_GRACE_MS, probePaths: ['/api/health', '/api/ready'] });
  logger.info(
    { port: closeServer.port, commandApiUrl: config.COMMAND_API_URL, queryApiUrl: config.QUERY_API_URL, staticDir: config.STATIC_DIR, trustProxy: config.TRUST_PROXY },
    `Gateway ready on http://localhost:${closeServer.port}`,
  );
  logger.info({ port: closeMetrics.port }, 'gateway metrics at /metrics');
  onShutdown(logger, async () => {
    await closeServer();
    await closeMetrics();
  }, { hardStopMs: shutdown.SHUTDOWN_GRACE_MS + 5_000 });
});

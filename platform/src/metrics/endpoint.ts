import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';
import { ConfigError } from '../config/env.js';
import { serveHttp, type HttpCloser } from '../service/run.js';
import { pathOf } from './http.js';

/** Answers `GET /metrics` with the registry in Prometheus' text format; a collector that fails makes a 500. */
export function metricsEndpoint(registry: Registry): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('Method not allowed\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics could not be collected: ${error instanceof Error ? error.message : String(error)}\n`);
      },
    );
  };
}

/** A listener that serves `/metrics` and nothing else, for a process whose main port is public (gateway) or that has none (workers). */
export function metricsListener(registry: Registry): RequestListener {
  const endpoint = metricsEndpoint(registry);
  return (req, res) => {
    if (pathOf(req.url) === '/metrics') endpoint(req, res);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at /metrics\n');
  };
}

export interface MetricsServerOptions {
  readonly host: string;
  /** 0 asks the OS for a free port; the closer tells which it got. */
  readonly port: number;
  /** The setting that chose the port, named when it is taken. */
  readonly setting: string;
}

/** Serves the registry on its own port; a port another process holds stops the start with a line saying which setting to change. */
export async function serveMetrics(registry: Registry, options: MetricsServerOptions): Promise<HttpCloser> {
  try {
    return await serveHttp(metricsListener(registry), options.host, options.port);
  } catch (error) {
    if (error instanceof Error && 'code' in error && (error.code === 'EADDRINUSE' || error.code === 'EACCES')) {
      throw new ConfigError(`${options.setting}=${options.port}: ${options.host}:${options.port} cannot be used for metrics (${error.code}); choose a free port, or 0 for any`);
    }
    throw error;
  }
}

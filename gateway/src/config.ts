import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { BaseConfig } from '@concierge/platform/config/env';
import { TrustProxySetting } from './trust-proxy.js';

/** A comma-separated list of http(s) URLs, at least one. */
function upstreamList(fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((list) => list.split(',').map((entry) => entry.trim()).filter((entry) => entry.length > 0))
    .pipe(z.array(z.url({ protocol: /^https?$/ })).min(1, 'name at least one URL'));
}

/** The gateway's settings, read once at start with platform's loadConfig; it needs no store, so none of theirs. */
export const GatewayConfig = z.object({
  LOG_LEVEL: BaseConfig.shape.LOG_LEVEL,
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  /** The command API's replicas: one URL or several separated by commas; calls are spread over them. */
  COMMAND_API_URL: upstreamList('http://127.0.0.1:8081'),
  /** The query API's replicas, as COMMAND_API_URL. */
  QUERY_API_URL: upstreamList('http://127.0.0.1:8082'),
  // Both src/main.ts (tsx) and dist/main.js sit one level below gateway/, which sits beside web/.
  STATIC_DIR: z.string().min(1).default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Where members reach the app; https turns on HSTS. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:8080'),
  TRUST_PROXY: TrustProxySetting,
  /** Where `/metrics` is served: a port of its own on loopback, never the public one; 0 picks a free port. */
  GATEWAY_METRICS_HOST: z.string().default('127.0.0.1'),
  GATEWAY_METRICS_PORT: z.coerce.number().int().min(0).max(65_535).default(8084),
});
export type GatewayConfig = z.infer<typeof GatewayConfig>;

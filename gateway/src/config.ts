import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { TrustProxySetting } from './trust-proxy.js';

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  COMMAND_API_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:8081'),
  QUERY_API_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:8082'),
  // Both src/main.ts (tsx) and dist/main.js sit one level below gateway/, which sits beside web/.
  STATIC_DIR: z.string().min(1).default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Where members reach the app; https turns on HSTS. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:8080'),
  TRUST_PROXY: TrustProxySetting,
});

export type GatewayConfig = ReturnType<typeof loadConfig>;

/** Reads and validates the gateway's settings once, failing fast with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv) {
  const parsed = Env.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid gateway configuration:\n${z.prettifyError(parsed.error)}`);
  const { PORT, COMMAND_API_URL, QUERY_API_URL, STATIC_DIR, UPSTREAM_TIMEOUT_MS, PUBLIC_URL, TRUST_PROXY } = parsed.data;
  return {
    port: PORT,
    commandApiUrl: COMMAND_API_URL,
    queryApiUrl: QUERY_API_URL,
    staticDir: STATIC_DIR,
    upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS,
    publicUrl: PUBLIC_URL,
    trustProxy: TRUST_PROXY,
  };
}

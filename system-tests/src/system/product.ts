import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { startServices } from '@concierge/supervisor';
import { freePort } from './free-port.js';

export interface RunningProduct {
  /** The gateway's origin: the SPA and, under /api, both APIs. */
  readonly base: string;
  readonly schemas: TestSchemas;
  /** The services' DATA_DIR: keys, and the mail outbox (`outbox/`). */
  readonly dataDir: string;
  /** Every line the services printed, for a failure message. */
  readonly output: readonly string[];
  /** Each service's pid now (undefined while the supervisor restarts it). */
  pids(): Record<string, number | undefined>;
  /** How often the supervisor restarted each service. */
  restarts(): Record<string, number>;
  stop(): Promise<void>;
}

export interface ProductOptions {
  /** Extra environment of every service. */
  readonly env?: Record<string, string>;
  /** The database (its URL) to run on instead of the shared test database; it must exist. */
  readonly databaseUrl?: string;
  /** How long the services may take to come up (120 s by default; a loaded machine compiling the sources needs more). */
  readonly upWithinMs?: number;
}

/** Every process of the product, as `npm start` runs them, on fresh schemas and its own queue prefix. */
export async function startProduct(label: string, options: ProductOptions = {}): Promise<RunningProduct> {
  const env = options.env ?? {};
  const schemas = await createTestSchemas(label, options.databaseUrl);
  const [gateway, command, query] = await Promise.all([freePort(), freePort(), freePort()]);
  const base = `http://127.0.0.1:${gateway}`;
  const output: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), `concierge-${label}-`));
  const services = startServices({
    mode: 'source',
    write: (line) => void output.push(line),
    env: {
      PORT: String(gateway),
      COMMAND_API_PORT: String(command),
      QUERY_API_PORT: String(query),
      COMMAND_API_URL: `http://127.0.0.1:${command}`,
      QUERY_API_URL: `http://127.0.0.1:${query}`,
      ...testServiceEnv({ base, schemas, queuePrefix: `test-${label}-${randomUUID().slice(0, 8)}`, dataDir }),
      ...env,
    },
  });
  const stop = async () => {
    await services.stop();
    await schemas.drop();
  };
  await waitUntilUp({ exited: services.exited, output, stop, withinMs: options.upWithinMs ?? 120_000, up: () => fetch(`${base}/api/health`).then((r) => r.ok, () => false) });
  return {
    base,
    schemas,
    dataDir,
    output,
    pids: services.pids,
    restarts: services.restarts,
    stop,
  };
}

/** The environment every test product's services share: its gateway for links, its schemas, queue prefix and folder. */
export function testServiceEnv(product: { base: string; schemas: TestSchemas; queuePrefix: string; dataDir: string }): Record<string, string> {
  return {
    // Links in mail point at this gateway.
    PUBLIC_URL: product.base,
    DATABASE_URL: product.schemas.connectionString,
    EVENT_STORE_SCHEMA: product.schemas.eventStoreSchema,
    READ_STORE_SCHEMA: product.schemas.readStoreSchema,
    QUEUE_PREFIX: product.queuePrefix,
    // The lowest argon2id cost the service accepts, to keep the suite quick.
    ARGON2_MEMORY_KIB: '8192',
    ARGON2_TIME_COST: '1',
    LOG_LEVEL: 'warn',
    DATA_DIR: product.dataDir,
    // Metrics ports of their own, free ones: test products run side by side (two workers of one
    // product too) and beside `npm start`.
    WORKERS_METRICS_PORT: '0',
    GATEWAY_METRICS_PORT: '0',
  };
}

/**
 * Waits until `up` answers true, polling; a service the supervisor gave up on, or the time running
 * out, stops the product and fails with everything the services printed.
 */
export async function waitUntilUp(options: {
  exited: Promise<{ name: string; code: number | null }>;
  output: readonly string[];
  stop: () => Promise<void>;
  withinMs: number;
  up: () => Promise<boolean>;
}): Promise<void> {
  const deadline = Date.now() + options.withinMs;
  for (;;) {
    const gaveUp = await Promise.race([options.exited, new Promise<undefined>((resolve) => setTimeout(resolve, 200, undefined))]);
    if (gaveUp) {
      await options.stop();
      throw new Error(`${gaveUp.name} kept exiting (code ${gaveUp.code}) while starting:\n${options.output.join('')}`);
    }
    if (await options.up()) return;
    if (Date.now() > deadline) {
      await options.stop();
      throw new Error(`services did not come up within ${options.withinMs / 1000} s:\n${options.output.join('')}`);
    }
  }
}

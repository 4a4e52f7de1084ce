import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { createTestSchemas } from '@concierge/platform/testing/postgres';
import { startServices } from '@concierge/supervisor';
import { freePort } from './free-port.js';
import { testServiceEnv, waitUntilUp, type RunningProduct } from './product.js';
import { deleteKeys } from './redis-keys.js';

/** The replicated services, and the names their processes go by (`command-api-1`, ...). */
export const REPLICATED = ['command-api', 'query-api', 'workers'] as const;
export type ReplicatedService = (typeof REPLICATED)[number];

/** A product of replicas; `pids()` and `restarts()` are by process name (`workers-2`, `web`). */
export interface ReplicatedProduct extends RunningProduct {
  /** Each API replica's own origin, in replica order (1, 2, ...), reachable beside the gateway. */
  readonly commandUrls: readonly string[];
  readonly queryUrls: readonly string[];
  readonly queuePrefix: string;
}

/**
 * The product as production runs it on one machine: `replicas` processes of each API and of the
 * workers, and one gateway spreading calls over them, each process under the supervisor (a process
 * that exits is started again), on fresh schemas of the shared test database and a queue prefix of
 * its own.
 */
export async function startReplicatedProduct(label: string, replicas: number, env: Record<string, string> = {}): Promise<ReplicatedProduct> {
  const schemas = await createTestSchemas(label);
  const gateway = await freePort();
  const commandPorts = await Promise.all(Array.from({ length: replicas }, () => freePort()));
  const queryPorts = await Promise.all(Array.from({ length: replicas }, () => freePort()));
  const commandUrls = commandPorts.map((port) => `http://127.0.0.1:${port}`);
  const queryUrls = queryPorts.map((port) => `http://127.0.0.1:${port}`);
  const base = `http://127.0.0.1:${gateway}`;
  const queuePrefix = `test-${label}-${randomUUID().slice(0, 8)}`;
  const dataDir = mkdtempSync(join(tmpdir(), `concierge-${label}-`));
  const output: string[] = [];
  const numbered = (service: ReplicatedService, each: (i: number) => Record<string, string>) =>
    Array.from({ length: replicas }, (_, i) => ({ name: `${service}-${i + 1}`, service, env: each(i) }));
  const services = startServices({
    mode: 'source',
    write: (line) => void output.push(line),
    // A stopped replica comes back quickly; the rolling restart counts on it.
    policy: { firstDelayMs: 100, maxDelayMs: 1_000 },
    instances: [
      ...numbered('command-api', (i) => ({ COMMAND_API_PORT: String(commandPorts[i]) })),
      ...numbered('query-api', (i) => ({ QUERY_API_PORT: String(queryPorts[i]) })),
      ...numbered('workers', () => ({})),
      { name: 'web', service: 'web', env: { PORT: String(gateway) } },
    ],
    env: {
      COMMAND_API_URL: commandUrls.join(','),
      QUERY_API_URL: queryUrls.join(','),
      ...testServiceEnv({ base, schemas, queuePrefix, dataDir }),
      ...env,
    },
  });
  const stop = async () => {
    await services.stop();
    await schemas.drop();
    await dropKeys(env['REDIS_URL'] ?? process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', queuePrefix);
  };
  // Up when every API replica answers its health and the query API finds the workers beating.
  const allUp = async () => {
    const health = await fetch(`${base}/api/health`).then(
      async (r) => (r.ok ? ((await r.json()) as { replicas?: Record<string, string[]> }) : undefined),
      () => undefined,
    );
    const states = Object.values(health?.replicas ?? {}).flat();
    if (states.length !== 2 * replicas || states.some((state) => state !== 'up')) return false;
    return fetch(`${base}/api/ready`).then((r) => r.ok, () => false);
  };
  await waitUntilUp({ exited: services.exited, output, stop, withinMs: 90_000, up: allUp });
  return { base, commandUrls, queryUrls, queuePrefix, schemas, dataDir, output, pids: services.pids, restarts: services.restarts, stop };
}

/** Deletes every key of the run's queue prefix from the shared Redis. */
async function dropKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  try {
    await deleteKeys(redis, `${prefix}:*`);
  } finally {
    redis.disconnect();
  }
}

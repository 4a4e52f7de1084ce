import { createPgCredentialStore } from '@concierge/platform/credential-store/postgres/pg-credential-store';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createPool, ensureDatabase } from '@concierge/platform/postgres/database';
import { startProduct } from '../system/product.js';
import { call, Recorder } from './client.js';
import { productCpu, type CpuSnapshot } from './cpu.js';
import { LOAD_PASSWORD, seedAccounts, type Seeded } from './seed.js';
import { deleteKeys } from '../system/redis-keys.js';

export const LOAD_DATABASE_URL = process.env['LOAD_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/concierge_load';

/**
 * What the load test runs in its own product: sign-ins are per-IP rate limited (50 per 15 min by
 * default) and every virtual user signs in from 127.0.0.1, so the limit is lifted as the README's
 * load-test paragraph says; passwords are hashed at the production argon2id cost.
 */
export const LOAD_PRODUCT_ENV = {
  RATE_LIMIT_LOGIN_PER_IP: '1000000',
  ARGON2_MEMORY_KIB: '19456',
  ARGON2_TIME_COST: '2',
  LOG_LEVEL: 'warn',
};

export interface LoadTarget {
  readonly base: string;
  readonly accounts: Seeded;
  /** Lines the product's services printed (own product only), for a failure's story. */
  readonly output: readonly string[];
  /** CPU the product's processes and database backends have used so far (own product only). */
  readonly cpu?: () => Promise<CpuSnapshot>;
  close(): Promise<void>;
}

export interface TargetOptions {
  readonly members: number;
  readonly admins: number;
  /** A running product's origin; without it the load test starts its own. */
  readonly url?: string;
  /** With `url`: the PostgreSQL event store of that product, where the accounts are seeded. */
  readonly databaseUrl?: string;
  readonly eventStoreSchema?: string;
  readonly log?: (line: string) => void;
}

/** Waits until the read side shows every seeded account approved, so the run starts on a settled product. */
async function settled(base: string, seeded: Seeded, timeoutMs = 60_000): Promise<void> {
  const admin = seeded.admins[0];
  if (!admin) return;
  const recorder = new Recorder();
  const login = await call<{ token: string }>(base, recorder, 'auth.login', { body: { email: admin.email, password: LOAD_PASSWORD } });
  if (!login) throw new Error(`the seeded admin could not sign in: ${JSON.stringify(recorder.errors)}`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stats = await call<{ data: { users: { approved: number } } }>(base, recorder, 'users.stats', { authorization: `Bearer ${login.token}` });
    if ((stats?.data.users.approved ?? 0) >= seeded.members.length + seeded.admins.length) return;
    if (Date.now() > deadline) throw new Error(`the read side did not show the ${seeded.members.length} seeded members within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The product to load: its own (every service as `npm start` runs them, on a database of its own) or a running one. */
export async function prepareTarget(options: TargetOptions): Promise<LoadTarget> {
  const log = options.log ?? (() => undefined);
  const runId = randomUUID().slice(0, 8);
  const counts = { members: options.members, admins: options.admins };
  if (options.url) {
    const base = options.url.replace(/\/+$/, '');
    const databaseUrl = options.databaseUrl ?? process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/concierge';
    const schema = options.eventStoreSchema ?? process.env['EVENT_STORE_SCHEMA'] ?? 'event_store';
    const pool = createPool(databaseUrl, 8);
    try {
      log(`seeding ${counts.members} members and ${counts.admins} admins into ${new URL(databaseUrl).pathname.slice(1)}.${schema}`);
      const accounts = await seedAccounts(createPgEventStore({ pool, connectionString: databaseUrl, schema }), createPgCredentialStore({ pool, schema }), counts, runId);
      await settled(base, accounts);
      return { base, accounts, output: [], close: () => Promise.resolve() };
    } finally {
      await pool.end();
    }
  }
  await ensureDatabase(LOAD_DATABASE_URL);
  log('starting the product (command API, query API, workers, gateway)');
  const queuePrefix = `load-${runId}`;
  const product = await startProduct('load', { databaseUrl: LOAD_DATABASE_URL, env: { ...LOAD_PRODUCT_ENV, QUEUE_PREFIX: queuePrefix } });
  const close = async () => {
    await product.stop();
    await deleteRunKeys(queuePrefix);
  };
  try {
    log(`seeding ${counts.members} members and ${counts.admins} admins`);
    const { schemas } = product;
    const eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    const accounts = await seedAccounts(eventStore, createPgCredentialStore({ pool: schemas.pool, schema: schemas.eventStoreSchema }), counts, runId);
    await settled(product.base, accounts);
    const database = new URL(LOAD_DATABASE_URL).pathname.slice(1);
    return { base: product.base, accounts, output: product.output, cpu: () => productCpu(product.pids(), schemas.pool, database), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Removes the run's queues and every other key under its prefix from Redis, once the product has stopped. */
async function deleteRunKeys(prefix: string): Promise<void> {
  const redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 3 });
  try {
    await deleteKeys(redis, `${prefix}:*`);
  } finally {
    redis.disconnect();
  }
}

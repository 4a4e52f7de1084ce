import { Redis } from 'ioredis';
import pg from 'pg';
import type { BaseConfig } from '../config/env.js';
import { ConfigError } from '../config/env.js';
import { DependencyUnavailableError } from '../config/preflight.js';
import { isUnavailable } from '../errors-unavailable.js';

/**
 * A server a service needs before it can start. `probe` resolves when the server answers, rejects
 * with `DependencyUnavailableError` while it is away (it may come back by itself: wait), and with
 * `ConfigError` when it answers but refuses us (a wrong password, say: waiting will not mend it).
 */
export interface Dependency {
  /** Its name for people, as logs and /ready say it. */
  readonly name: string;
  /** Its key in a /ready report's `checks`. */
  readonly check: string;
  probe(): Promise<void>;
}

/** How long one probe may take before its server counts as away. */
const PROBE_TIMEOUT_MS = 2_000;

/** SQLSTATE 3D000: the server answers, the database is not created yet (start-up creates it). */
const NO_SUCH_DATABASE = '3D000';

function where(url: string, defaultPort: number): string {
  const parsed = new URL(url);
  return `${parsed.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1'}:${parsed.port || defaultPort}`;
}

/** The driver's words for why it failed (a refused dual-stack connect is an AggregateError with no message). */
function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.message) return error.message;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  if (error instanceof AggregateError && error.errors[0] !== undefined) return reason(error.errors[0]);
  return error.name;
}

/** PostgreSQL answers a query at DATABASE_URL (a database not yet created counts as answering). */
export function postgresDependency(url: string): Dependency {
  const at = where(url, 5432);
  return {
    name: 'PostgreSQL',
    check: 'postgres',
    async probe() {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS, query_timeout: PROBE_TIMEOUT_MS });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('SELECT 1');
      } catch (error) {
        if ((error as { code?: unknown }).code === NO_SUCH_DATABASE) return;
        if (isUnavailable(error)) throw new DependencyUnavailableError(`PostgreSQL is not reachable at ${at}: ${reason(error)}`);
        throw new ConfigError(`DATABASE_URL: PostgreSQL at ${at} refused the connection: ${reason(error)}`);
      } finally {
        await client.end().catch(() => undefined);
      }
    },
  };
}

/** Redis, still loading its data after a restart, does not serve yet. */
const LOADING = /^LOADING\b/;

/** Redis answers PING at REDIS_URL. */
export function redisDependency(url: string): Dependency {
  const at = where(url, 6379);
  return {
    name: 'Redis',
    check: 'redis',
    async probe() {
      const redis = new Redis(url, {
        lazyConnect: true,
        connectTimeout: PROBE_TIMEOUT_MS,
        commandTimeout: PROBE_TIMEOUT_MS,
        maxRetriesPerRequest: 0,
        enableOfflineQueue: false,
        enableReadyCheck: false,
        retryStrategy: () => null,
      });
      // A refused AUTH arrives as an 'error' event; connect() then only says the connection closed.
      let answered: Error | undefined;
      redis.on('error', (error: Error) => {
        if (error.name === 'ReplyError') answered = error;
      });
      try {
        await redis.connect();
        await redis.ping();
      } catch (thrown) {
        const error = answered ?? thrown;
        const message = reason(error);
        if (isUnavailable(error) || LOADING.test(message) || /timed? ?out/i.test(message)) {
          throw new DependencyUnavailableError(`Redis is not reachable at ${at}: ${message}`);
        }
        throw new ConfigError(`REDIS_URL: Redis at ${at} refused the connection: ${message}`);
      } finally {
        redis.disconnect();
      }
    },
  };
}

/** The servers a service's stores and queues need: PostgreSQL when a store runs on it, and Redis. */
export function dependenciesOf(config: Pick<BaseConfig, 'DATABASE_URL' | 'REDIS_URL' | 'EVENT_STORE' | 'READ_STORE'>): Dependency[] {
  const postgres = config.EVENT_STORE === 'postgres' || config.READ_STORE === 'postgres';
  return [...(postgres ? [postgresDependency(config.DATABASE_URL)] : []), redisDependency(config.REDIS_URL)];
}

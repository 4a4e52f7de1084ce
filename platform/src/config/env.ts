import { z } from 'zod';

/** Settings shared by every service; each service extends this with its own. */
export const BaseConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/concierge'),
    /**
     * The schemas' owner, when the services connect (DATABASE_URL) as a role of their own: migrations
     * run as the owner, which then grants DATABASE_URL's role what the services need and no UPDATE,
     * DELETE or TRUNCATE on the events (SECURITY.md, "Append-only events"). Unset: DATABASE_URL does both.
     */
    DATABASE_OWNER_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
    REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
    EVENT_STORE: z.enum(['postgres', 'eventstoredb']).default('postgres'),
    READ_STORE: z.enum(['postgres', 'mongodb']).default('postgres'),
    EVENTSTORE_URL: z.string().optional(),
    MONGO_URL: z.string().optional(),
    MONGO_DATABASE: z.string().regex(/^[A-Za-z0-9_-]{1,63}$/).default('concierge'),
    EVENT_STORE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/).default('event_store'),
    READ_STORE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/).default('read_models'),
    /** Where development-only files live (generated keys, the mail outbox). */
    DATA_DIR: z.string().min(1).default('.data'),
    /** ES256 PEM keys of access tokens (`\\n` may stand for newlines); generated into DATA_DIR outside production. */
    JWT_PRIVATE_KEY: z.string().optional(),
    JWT_PUBLIC_KEY: z.string().optional(),
    /** Prefix of every BullMQ key in Redis, so deployments (and test runs) can share one Redis. */
    QUEUE_PREFIX: z.string().regex(/^[A-Za-z0-9_:-]{1,40}$/).default('concierge'),
    /** Aggregate states each process keeps folded (least recently used first out); 0 turns the cache off. */
    AGGREGATE_CACHE_SIZE: z.coerce.number().int().min(0).max(1_000_000).default(1_000),
    /** A snapshot of an aggregate's state is written once this many events were appended since the last one. */
    SNAPSHOT_EVERY: z.coerce.number().int().min(1).max(1_000_000).default(500),
  })
  .refine((c) => c.EVENT_STORE !== 'eventstoredb' || Boolean(c.EVENTSTORE_URL), {
    message: 'EVENTSTORE_URL is required when EVENT_STORE=eventstoredb',
    path: ['EVENTSTORE_URL'],
  })
  .refine((c) => c.READ_STORE !== 'mongodb' || Boolean(c.MONGO_URL), {
    message: 'MONGO_URL is required when READ_STORE=mongodb',
    path: ['MONGO_URL'],
  });
export type BaseConfig = z.infer<typeof BaseConfig>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Parses the environment once at start; a bad value stops the service with a readable list. */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => {
    const name = i.path.join('.') || 'config';
    return i.message.startsWith(name) ? i.message : `${name}: ${i.message}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

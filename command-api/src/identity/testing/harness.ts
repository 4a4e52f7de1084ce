import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { MAIL_QUEUE, type UserRole, type UserStatus } from '@concierge/contracts';
import type { SigningKeys } from '@concierge/platform/auth/keys';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import type { EventStore } from '@concierge/platform/event-store/port';
import { redisRateLimiter } from '@concierge/platform/rate-limit/fixed-window';
import { bearerFor, testKeys } from '@concierge/platform/testing/keys';
import { listen } from '@concierge/platform/testing/http';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { createPgCredentialStore } from '@concierge/platform/credential-store/postgres/pg-credential-store';
import type { CredentialStore } from '@concierge/platform/credential-store/port';
import { commandMetadata, toNewEvents } from '@concierge/domain/shared/command-context';
import type { MailOutbox } from '@concierge/domain/identity/mail-outbox';
import type { SnapshotRequests } from '@concierge/domain/portfolio/snapshot/request-portfolio-snapshot';
import { registerUser } from '@concierge/domain/identity/registration/register-user';
import { userAggregate } from '@concierge/domain/identity/user/decide';
import { createCommandApp } from '../../app.js';
import { bullmqMailOutbox } from '../mail-outbox.js';
import { argon2idHasher } from '../password-hasher.js';
import type { AuthRateLimits } from '../rate-limits.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** The lowest argon2id cost the hasher accepts, to keep suites fast; production uses 19 MiB. */
export const testHasher = argon2idHasher({ memoryKiB: 8_192, timeCost: 1 });

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

export interface IdentityApi {
  readonly store: EventStore;
  /** The credential store beside it (same schema), for use cases a test runs directly. */
  readonly credentials: CredentialStore;
  readonly keys: SigningKeys;
  readonly url: string;
  readonly eventStoreSchema: string;
  readonly readStoreSchema: string;
  /** The command API's clock: tests move it to expire tokens. */
  readonly clock: { now: Date };
  /** The MAIL queue the API writes to (its own prefix), when started with `mail: true`. */
  readonly mailQueue: Queue | undefined;
  send(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply>;
  /** An approved member (or any status and role) with this password, as commands would write it. */
  seedUser(seed: SeedUser): Promise<string>;
  /**
   * An `Authorization` value for a session of this user, begun now: the session is recorded in the
   * store before the next request is sent, as a sign-in would have recorded it.
   */
  bearer(userId: string, role?: UserRole): string;
  /** Every stored event's stream and data, as JSON text (to prove a secret is nowhere in the store). */
  storedText(): Promise<string>;
  /**
   * How many events are stored and the last sequence number, read straight from the table: the
   * store's own head only shows events below the oldest running transaction of the whole
   * cluster, which lags while other test files write, so it cannot prove "nothing appended".
   */
  head(): Promise<string>;
  close(): Promise<void>;
}

export interface SeedUser {
  readonly email: string;
  readonly password: string;
  readonly status?: UserStatus;
  readonly role?: UserRole;
  readonly firstName?: string;
  readonly lastName?: string;
}

export interface IdentityApiOptions {
  readonly mail?: boolean;
  /** Mail goes here instead of the harness's own queue (e.g. a queue on a Redis that is down). */
  readonly mailOutbox?: MailOutbox;
  readonly rateLimits?: AuthRateLimits;
  /** The rate limiter's clock (ms), to put requests at a known point of a window. */
  readonly limiterNow?: () => number;
  /** Enables GET /wallets/user/:id/private-key with this BIP-39 phrase. */
  readonly walletMnemonic?: string;
  /** Enables POST /wallets/user/:id/snapshot, queuing here. */
  readonly snapshots?: SnapshotRequests;
}

/** The command API on real PostgreSQL (own schemas) and, for mail and rate limits, real Redis (own prefix). */
export async function startIdentityApi(label: string, options: IdentityApiOptions = {}): Promise<IdentityApi> {
  const schemas: TestSchemas = await createTestSchemas(label);
  const store = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
  const credentials = createPgCredentialStore({ pool: schemas.pool, schema: schemas.eventStoreSchema });
  const keys = testKeys();
  const clock = { now: new Date() };
  const prefix = `test-${label}-${randomUUID().slice(0, 8)}`;
  const redis = options.mail || options.rateLimits ? new Redis(REDIS_URL, { maxRetriesPerRequest: null }) : undefined;
  const mailQueue = options.mail && redis ? new Queue(MAIL_QUEUE, { connection: redis, prefix }) : undefined;
  const app = createCommandApp({
    eventStore: store,
    hasher: testHasher,
    credentials,
    keys,
    logger: pino({ level: 'silent' }),
    now: () => clock.now,
    publicUrl: 'https://app.example.com',
    // Every answer a spec gets is parsed by its route's response schema first.
    checkResponses: true,
    ...(options.walletMnemonic ? { walletMnemonic: options.walletMnemonic } : {}),
    ...(options.snapshots ? { snapshots: options.snapshots } : {}),
    ...(options.mailOutbox ? { mail: options.mailOutbox } : mailQueue ? { mail: bullmqMailOutbox(mailQueue) } : {}),
    ...(options.rateLimits && redis
      ? { rateLimiter: redisRateLimiter(redis, { prefix, ...(options.limiterNow ? { now: options.limiterNow } : {}) }), rateLimits: options.rateLimits }
      : {}),
  });
  const server = await listen(app);

  // Sessions named by bearer(), recorded before the next request (bearer() itself stays synchronous).
  const unrecordedSessions: { sessionId: string; userId: string; issuedAt: Date }[] = [];
  // One chain of recordings: a request sent while an earlier one is still recording its sessions
  // waits for them too, so concurrent first requests never race ahead of their session.
  let recorded: Promise<void> = Promise.resolve();
  const recordSessions = () => {
    const sessions = unrecordedSessions.splice(0);
    recorded = recorded.then(async () => {
      for (const { sessionId, userId, issuedAt } of sessions) {
        const issued = { sessionId, userId, tokenHash: '0'.repeat(64), rememberMe: false, issuedAt: issuedAt.toISOString(), expiresAt: new Date(issuedAt.getTime() + 86_400_000).toISOString() };
        const ctx = { actor: { type: 'system' as const, reason: 'test' }, correlationId: 't', causationId: 't', now: issuedAt };
        await store.appendToStream(`session-${sessionId}`, toNewEvents([{ type: 'RefreshSessionIssued', data: issued }], ctx), { expectedRevision: 'no_stream' });
      }
    });
    return recorded;
  };
  const bearer = (userId: string, role: UserRole = 'user') => {
    const sessionId = randomUUID();
    unrecordedSessions.push({ sessionId, userId, issuedAt: clock.now });
    return bearerFor(keys, { sub: userId, role, sid: sessionId, sit: clock.now.getTime() });
  };

  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> => {
    await recordSessions();
    const init: RequestInit = { method, headers: { 'content-type': 'application/json', ...headers } };
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
    const response = await fetch(`${server.url}/api${path}`, init);
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };

  const seedUser = async (seed: SeedUser): Promise<string> => {
    const ctx = { actor: { type: 'system' as const, reason: 'test' }, correlationId: 't', causationId: 't', now: clock.now };
    const input = { email: seed.email, password: seed.password, firstName: seed.firstName ?? 'Ada', lastName: seed.lastName ?? 'Lovelace' };
    const { userId } = await registerUser({ eventStore: store, hasher: testHasher, credentials }, input, ctx);
    const status = seed.status ?? 'approved';
    const role = seed.role ?? 'user';
    if (status !== 'pending' || role !== 'user') {
      const command = { type: 'UpdateUserDetails' as const, data: { userId, status, role }, metadata: commandMetadata(ctx) };
      await userAggregate.handle({ eventStore: store }, userId, command, ctx);
    }
    return userId;
  };

  return {
    store,
    credentials,
    keys,
    url: server.url,
    eventStoreSchema: schemas.eventStoreSchema,
    readStoreSchema: schemas.readStoreSchema,
    clock,
    mailQueue,
    send,
    seedUser,
    bearer,
    storedText: async () => {
      const { rows } = await schemas.pool.query(`SELECT stream_id, data FROM ${schemas.eventStoreSchema}.events ORDER BY seq`);
      return JSON.stringify(rows);
    },
    head: async () => {
      await recordSessions();
      const { rows } = await schemas.pool.query<{ n: string; last: string }>(
        `SELECT count(*)::text AS n, coalesce(max(seq), 0)::text AS last FROM ${schemas.eventStoreSchema}.events`,
      );
      return `${rows[0]?.n ?? '?'} events, last ${rows[0]?.last ?? '?'}`;
    },
    async close() {
      await server.close();
      if (mailQueue) {
        await mailQueue.obliterate({ force: true });
        await mailQueue.close();
      }
      if (redis) {
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length > 0) await redis.del(...keys);
        redis.disconnect();
      }
      await schemas.drop();
    },
  };
}

/**
 * The callers a fuzz suite tries every request as: anonymous, the admin, the member, a malformed
 * token, and a validly signed admin token of an account that does not exist.
 */
export function fuzzCallers(api: IdentityApi, adminId: string, memberId: string): Array<Record<string, string>> {
  return [
    {},
    { authorization: api.bearer(adminId, 'admin') },
    { authorization: api.bearer(memberId) },
    { authorization: 'Bearer not.a.token' },
    { authorization: api.bearer(randomUUID(), 'admin') },
  ];
}

import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { ACCESS_COLLECTION, USERS_COLLECTION, type AccessReadModel, type UserReadModel, type UserRole, type UserStatus } from '@concierge/contracts';
import type { AccessClaims } from '@concierge/platform/auth/access-token';
import { localStandingChanges } from '@concierge/platform/auth/standing-changes';
import type { SigningKeys } from '@concierge/platform/auth/keys';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { listen } from '@concierge/platform/testing/http';
import { bearerFor, testKeys } from '@concierge/platform/testing/keys';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { createQueryApp, type QueryAppDeps } from '../app.js';
import { ensureQueryIndexes } from '../indexes.js';

export interface QueryApiHarness {
  readonly readStore: ReadStore;
  /** The pair whose public key the API trusts. */
  readonly keys: SigningKeys;
  /** GET below /api with an optional Authorization header; the body parsed as JSON. */
  get(path: string, authorization?: string): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }>;
  /**
   * An `Authorization` header value for this API's keys. The account's standing (access read
   * model) is recorded as the token says before the next request, unless `standing: false`.
   */
  bearer(claims: Partial<AccessClaims> & Pick<AccessClaims, 'sub'>, options?: { standing?: boolean }): string;
  close(): Promise<void>;
}

/** The query API on fresh PostgreSQL schemas with its indexes, listening on a free port; `extra` adds optional dependencies (a queue, the token registry's symbols). */
export async function startQueryApi(label: string, extra: Pick<QueryAppDeps, 'snapshotQueue' | 'refreshWaitMs' | 'knownTokenSymbols'> = {}): Promise<QueryApiHarness> {
  const schemas: TestSchemas = await createTestSchemas(label);
  const readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
  await ensureQueryIndexes(readStore);
  const keys = testKeys();
  const standingChanges = localStandingChanges();
  const api = await listen(createQueryApp({ readStore, publicKey: keys.publicKey, logger: pino({ level: 'silent' }), standingChanges, checkResponses: true, ...extra }));
  const unrecorded: AccessReadModel[] = [];
  return {
    readStore,
    keys,
    async get(path, authorization) {
      const standings = unrecorded.splice(0);
      await putAccess(readStore, standings);
      // As the command side would after a change: this process forgets what it cached of them.
      await Promise.all(standings.map((s) => standingChanges.publish({ userId: s.id })));
      const response = await fetch(`${api.url}/api${path}`, { headers: authorization ? { authorization } : {} });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: response.headers };
    },
    bearer(claims, options = {}) {
      if (options.standing !== false) {
        unrecorded.push({ id: claims.sub, status: claims.status ?? 'approved', role: claims.role ?? 'user', sessionsValidAfter: null, endedSessions: [] });
      }
      return bearerFor(keys, claims);
    },
    async close() {
      await api.close();
      await schemas.drop();
    },
  };
}

/** A users read-model document; `minute` orders registrations (a higher minute registered later). */
export function userDoc(
  minute: number,
  fields: { firstName: string; lastName: string; email?: string; status?: UserStatus; role?: UserRole; id?: string },
): UserReadModel {
  const createdAt = new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
  const { firstName, lastName } = fields;
  return {
    id: fields.id ?? randomUUID(),
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`,
    email: fields.email ?? `${firstName}.${lastName}@example.com`.toLowerCase(),
    role: fields.role ?? 'user',
    status: fields.status ?? 'approved',
    walletAddress: null,
    subscriptionPlan: null,
    primaryWithdrawalAddress: null,
    emailVerified: true,
    rejectionReason: null,
    createdAt,
    updatedAt: createdAt,
  };
}

export async function putUsers(readStore: ReadStore, docs: readonly UserReadModel[]): Promise<void> {
  await readStore.collection<UserReadModel>(USERS_COLLECTION).upsertMany(docs);
}

/** Access read-model documents (each account's standing), as the workers' access projection writes them. */
export async function putAccess(readStore: ReadStore, docs: readonly AccessReadModel[]): Promise<void> {
  if (docs.length > 0) await readStore.collection<AccessReadModel>(ACCESS_COLLECTION).upsertMany(docs);
}

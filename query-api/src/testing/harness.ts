import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { USERS_COLLECTION, type UserReadModel, type UserRole, type UserStatus } from '@concierge/contracts';
import type { AccessClaims } from '@concierge/platform/auth/access-token';
import type { SigningKeys } from '@concierge/platform/auth/keys';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { listen } from '@concierge/platform/testing/http';
import { bearerFor, testKeys } from '@concierge/platform/testing/keys';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { createQueryApp } from '../app.js';
import { ensureQueryIndexes } from '../indexes.js';

export interface QueryApiHarness {
  readonly readStore: ReadStore;
  /** The pair whose public key the API trusts. */
  readonly keys: SigningKeys;
  /** GET below /api with an optional Authorization header; the body parsed as JSON. */
  get(path: string, authorization?: string): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }>;
  /** An `Authorization` header value for this API's keys. */
  bearer(claims: Partial<AccessClaims> & Pick<AccessClaims, 'sub'>): string;
  close(): Promise<void>;
}

/** The query API on fresh PostgreSQL schemas with its indexes, listening on a free port. */
export async function startQueryApi(label: string): Promise<QueryApiHarness> {
  const schemas: TestSchemas = await createTestSchemas(label);
  const readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
  await ensureQueryIndexes(readStore);
  const keys = testKeys();
  const api = await listen(createQueryApp({ readStore, publicKey: keys.publicKey, logger: pino({ level: 'silent' }) }));
  return {
    readStore,
    keys,
    async get(path, authorization) {
      const response = await fetch(`${api.url}/api${path}`, { headers: authorization ? { authorization } : {} });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: response.headers };
    },
    bearer: (claims) => bearerFor(keys, claims),
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
    rejectionReason: null,
    createdAt,
    updatedAt: createdAt,
  };
}

export async function putUsers(readStore: ReadStore, docs: readonly UserReadModel[]): Promise<void> {
  await readStore.collection<UserReadModel>(USERS_COLLECTION).upsertMany(docs);
}

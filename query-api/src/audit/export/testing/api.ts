import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import type { UserRole } from '@concierge/contracts';
import type { AuditSigningKey } from '@concierge/platform/audit/audit-key';
import { seededStore } from '@concierge/platform/audit/testing/seeded-store';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { listen } from '@concierge/platform/testing/http';
import { bearerFor, testKeys } from '@concierge/platform/testing/keys';
import { createQueryApp } from '../../../app.js';
import { ensureQueryIndexes } from '../../../indexes.js';
import { putAccess } from '../../../testing/harness.js';

/** The query API over a seeded chained store (streams account-0.., 10 events each) and the audit public key. */
export interface IntegrityApi {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly pool: import('pg').Pool;
  readonly eventsTable: string;
  signIn(role: UserRole): Promise<{ userId: string; authorization: string }>;
  get(path: string, authorization: string): Promise<Response>;
  close(): Promise<void>;
}

export async function startIntegrityApi(label: string, key: AuditSigningKey, streams = 3): Promise<IntegrityApi> {
  const { schemas, store } = await seededStore(label, streams, 10);
  const readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
  await ensureQueryIndexes(readStore);
  const keys = testKeys();
  const api = await listen(createQueryApp({ readStore, eventStore: store, publicKey: keys.publicKey, auditPublicKey: key, logger: pino({ level: 'silent' }), checkResponses: true }));
  return {
    eventStore: store,
    readStore,
    pool: schemas.pool,
    eventsTable: `${schemas.eventStoreSchema}.events`,
    async signIn(role) {
      const userId = randomUUID();
      await putAccess(readStore, [{ id: userId, status: 'approved', role, sessionsValidAfter: null, endedSessions: [] }]);
      return { userId, authorization: bearerFor(keys, { sub: userId, role }) };
    },
    get: (path, authorization) => fetch(`${api.url}/api${path}`, { headers: authorization === '' ? {} : { authorization } }),
    async close() {
      await api.close();
      await schemas.drop();
    },
  };
}

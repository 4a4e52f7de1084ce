import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import type { UserRole } from '@concierge/contracts';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { listen } from '@concierge/platform/testing/http';
import { bearerFor, testKeys } from '@concierge/platform/testing/keys';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { createQueryApp, type QueryAppDeps } from '../../../app.js';
import { putAccess } from '../../../testing/harness.js';

/** The query API over real PostgreSQL event and read stores, for the auditors' time travel and replay-verify routes. */
export interface AuditorApi {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  /** Its PostgreSQL schemas, for a test that changes rows as a person with database access would. */
  readonly schemas: TestSchemas;
  /** A bearer header for a new approved account of this role (its standing recorded). */
  signIn(role: UserRole): Promise<string>;
  request(method: 'GET' | 'POST', path: string, authorization: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }>;
  close(): Promise<void>;
}

export async function startAuditorApi(label: string, extra: Partial<QueryAppDeps> = {}): Promise<AuditorApi> {
  const schemas = await createTestSchemas(label);
  const eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
  const readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
  const keys = testKeys();
  const api = await listen(createQueryApp({ readStore, eventStore, publicKey: keys.publicKey, logger: pino({ level: 'silent' }), checkResponses: true, ...extra }));
  return {
    eventStore,
    readStore,
    schemas,
    async signIn(role) {
      const userId = randomUUID();
      await putAccess(readStore, [{ id: userId, status: 'approved', role, sessionsValidAfter: null, endedSessions: [] }]);
      return bearerFor(keys, { sub: userId, role });
    },
    async request(method, path, authorization, body) {
      const response = await fetch(`${api.url}/api${path}`, {
        method,
        headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: response.headers };
    },
    async close() {
      await api.close();
      await schemas.drop();
    },
  };
}

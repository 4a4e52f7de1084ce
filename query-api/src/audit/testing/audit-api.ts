import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import type { UserRole } from '@concierge/contracts';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import type { EventStore, NewEvent } from '@concierge/platform/event-store/port';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { listen } from '@concierge/platform/testing/http';
import { bearerFor, testKeys } from '@concierge/platform/testing/keys';
import { createTestSchemas } from '@concierge/platform/testing/postgres';
import { createQueryApp } from '../../app.js';
import { ensureQueryIndexes } from '../../indexes.js';
import { putAccess } from '../../testing/harness.js';

/** The query API with a real event store beside its read store, for the audit routes. */
export interface AuditApiHarness {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  /** Makes the next appends to `auditReads-*` streams fail (as a store that went away would), until called with false. */
  failRecords(fail: boolean): void;
  /** A bearer header for a new approved account of this role (its standing recorded). */
  signIn(role: UserRole): Promise<{ userId: string; authorization: string }>;
  /** GET below /api; an empty `authorization` sends none. */
  get(path: string, authorization: string): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

export async function startAuditApi(label: string): Promise<AuditApiHarness> {
  const schemas = await createTestSchemas(label);
  const store = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
  const readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
  await ensureQueryIndexes(readStore);
  let failing = false;
  // The real store, except that records of reads can be made to fail on demand.
  const eventStore: EventStore = {
    ...store,
    appendToStream: (streamId: string, events: readonly NewEvent[], options: Parameters<EventStore['appendToStream']>[2]) =>
      failing && streamId.startsWith('auditReads-') ? Promise.reject(new Error('Connection terminated unexpectedly')) : store.appendToStream(streamId, events, options),
  };
  const keys = testKeys();
  const api = await listen(createQueryApp({ readStore, eventStore, publicKey: keys.publicKey, logger: pino({ level: 'silent' }), checkResponses: true }));
  return {
    eventStore: store,
    readStore,
    failRecords(fail) {
      failing = fail;
    },
    async signIn(role) {
      const userId = randomUUID();
      await putAccess(readStore, [{ id: userId, status: 'approved', role, sessionsValidAfter: null, endedSessions: [] }]);
      return { userId, authorization: bearerFor(keys, { sub: userId, role }) };
    },
    async get(path, authorization) {
      const response = await fetch(`${api.url}/api${path}`, { headers: authorization === '' ? {} : { authorization } });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    },
    async close() {
      await api.close();
      await schemas.drop();
    },
  };
}

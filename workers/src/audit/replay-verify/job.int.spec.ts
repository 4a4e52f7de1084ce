import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPLAY_VERIFICATIONS_COLLECTION,
  REPLAY_VERIFY,
  REPLAY_VERIFY_QUEUE,
  ReplayVerificationReport,
  USERS_COLLECTION,
  replayVerifyJobOptions,
} from '@concierge/contracts';
import { memberJourney } from '@concierge/domain/audit/testing/member-journey';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { projections } from '../../projections/registry.js';
import { catchUp } from '../../projections/runtime/catch-up.js';
import { startReplayVerifyWorker } from './job.js';
import { pgScratch } from './scratch.js';
import { untilVisible } from './testing/visible.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

describe('the replay-verify job: started from the page, run by the workers, its report kept in the read store', () => {
  const prefix = `test-replayjob-${randomUUID().slice(0, 8)}`;
  let schemas: TestSchemas;
  let live: ReadStore;
  let redis: Redis;
  let queue: Queue;
  let worker: { close(): Promise<void> };

  beforeAll(async () => {
    schemas = await createTestSchemas('replayjob');
    const eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    live = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
    await memberJourney(eventStore, 31);
    await untilVisible(eventStore);
    for (const projection of projections) await catchUp(projection, { eventStore, readStore: live });
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    queue = new Queue(REPLAY_VERIFY_QUEUE, { connection: redis, prefix });
    const scratch = pgScratch(schemas.connectionString, schemas.readStoreSchema);
    worker = startReplayVerifyWorker({ eventStore, readStore: live, scratch, projections, logger: pino({ level: 'silent' }), redisUrl: REDIS_URL, prefix });
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await queue?.obliterate({ force: true });
    await queue?.close();
    redis?.disconnect();
    await schemas?.drop();
  });

  /** Queues a verification and waits for its report to finish. */
  async function verification(id = randomUUID()): Promise<ReplayVerificationReport> {
    await queue.add(REPLAY_VERIFY, { verificationId: id, requestedBy: { userId: 'auditor-1', role: 'auditor' } }, replayVerifyJobOptions(id));
    for (let i = 0; i < 300; i += 1) {
      const doc = await live.collection(REPLAY_VERIFICATIONS_COLLECTION).get(id);
      const report = doc ? ReplayVerificationReport.parse(doc) : undefined;
      if (report && ['passed', 'failed', 'error'].includes(report.status)) return report;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`verification ${id} did not finish`);
  }

  it('reports passed on an untouched store, then failed with the document an operator changed by hand', async () => {
    const clean = await verification();
    expect(clean).toMatchObject({ status: 'passed', differenceCount: 0, differences: [], exclusions: [], error: null, requestedBy: { userId: 'auditor-1', role: 'auditor' } });
    expect(clean.projections.length).toBe(projections.length);
    expect(clean.startedAt).not.toBeNull();
    expect(clean.finishedAt).not.toBeNull();

    const [user] = await live.collection(USERS_COLLECTION).find({ limit: 1 });
    await live.collection(USERS_COLLECTION).update(user?.id ?? '', { lastName: 'Edited by hand' });
    const tampered = await verification();
    expect(tampered.status).toBe('failed');
    expect(tampered.differences).toEqual([
      { projection: 'users', collection: USERS_COLLECTION, documentId: user?.id, kind: 'changed', fields: [{ path: 'lastName', live: 'Edited by hand', rebuilt: user?.['lastName'] }] },
    ]);
  }, 60_000);

  it('runs a verification once however often it is queued', async () => {
    const id = randomUUID();
    const first = await verification(id);
    const again = await verification(id);
    expect(again).toEqual(first);
  }, 60_000);
});

import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@concierge/platform/event-store/port';
import { START } from '@concierge/platform/event-store/position';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { MAIL_QUEUE, PROJECTIONS_QUEUE } from '../queues.js';
import { createRedis } from '../redis.js';
import { appendUserLives } from '../testing/user-history.js';
import { killHard, spawnWorkers } from '../testing/worker-process.js';
import { ACCOUNT_NOTICES } from './account-notices.js';

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the workers process', () => {
  const prefix = `test-noticesproc-${randomUUID().slice(0, 8)}`;
  let schemas: TestSchemas;
  let eventStore: EventStore;
  let readStore: ReadStore;
  let outbox: string;

  beforeAll(async () => {
    schemas = await createTestSchemas('noticesproc');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
    outbox = await mkdtemp(join(tmpdir(), 'concierge-workers-outbox-'));
  });
  afterAll(async () => {
    const connection = createRedis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379');
    for (const name of [MAIL_QUEUE, PROJECTIONS_QUEUE]) {
      const queue = new Queue(name, { connection, prefix });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    connection.disconnect();
    await rm(outbox, { recursive: true, force: true });
    await schemas.drop();
  });

  it('mails members approved or rejected while it runs, into the outbox, and not those decided before it started', async () => {
    await appendUserLives(eventStore, [0, 1]); // approved and rejected before the workers ever ran
    const workers = spawnWorkers({
      DATABASE_URL: schemas.connectionString,
      EVENT_STORE_SCHEMA: schemas.eventStoreSchema,
      READ_STORE_SCHEMA: schemas.readStoreSchema,
      QUEUE_PREFIX: prefix,
      MAIL_OUTBOX_DIR: outbox,
      PUBLIC_URL: 'https://concierge.example.com',
    });
    try {
      await waitUntil(async () => (await readStore.getCheckpoint(ACCOUNT_NOTICES)) !== undefined, 30_000);
      await appendUserLives(eventStore, [3, 4, 5]); // 3 approved, 4 rejected, 5 left pending
      await waitUntil(async () => (await readdir(outbox)).filter((f) => f.endsWith('.json')).length >= 2, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 500)); // room for a wrong extra mail to show up

      const files = (await readdir(outbox)).filter((f) => f.endsWith('.json'));
      const mails = await Promise.all(files.map(async (f) => JSON.parse(await readFile(join(outbox, f), 'utf8')) as Record<string, string>));
      expect(mails.map((m) => m['to']).sort()).toEqual(['member3@example.com', 'member4@example.com']);
      const approval = mails.find((m) => m['to'] === 'member3@example.com');
      expect(approval?.['subject']).toBe('Your Crypto Concierge account is approved');
      expect(approval?.['text']).toContain('https://concierge.example.com/login');
      const decisions = (await eventStore.readAll({ after: START, maxCount: 1000 })).filter((e) => e.type === 'UserApproved');
      expect(files).toContain(`account-approved-${decisions[decisions.length - 1]?.id}.json`);

      // SIGTERM closes the wake-up, both workers and the stores, and the process exits cleanly.
      const exited = new Promise<number | null>((resolve) => workers.once('exit', (code) => resolve(code)));
      workers.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      await killHard(workers);
    }
  }, 90_000);
});

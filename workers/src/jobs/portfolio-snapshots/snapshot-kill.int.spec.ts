import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSchemas, PORTFOLIO_SNAPSHOT_QUEUE, SNAPSHOT_MEMBER, snapshotMemberJobId, snapshotMemberJobOptions, type SnapshotMemberJob } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { accountAggregate } from '@concierge/domain/money/account/decide';
import { recordDeposit } from '@concierge/domain/money/account/testing';
import { portfolioStreamId } from '@concierge/domain/portfolio/snapshot/portfolio';
import { createRedis } from '../../redis.js';
import { killHard, spawnWorkers } from '../../testing/worker-process.js';
import { until } from '../settlement/testing/until.js';
import { person } from './testing/members.js';

// The worker really dies here: SIGKILLed by the operating system while its valuations have landed
// and their jobs are still active, so nothing in it completes, releases or cleans up. A real
// workers process (workers/src/main.ts) then takes the stalled jobs over.

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CHILD = 'workers/src/jobs/portfolio-snapshots/testing/snapshot-child.ts';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MEMBERS = 60;
const SLOT = '2026-11-24T14:00:00.000Z';

describe('portfolio snapshots when the worker process is SIGKILLed mid-job', () => {
  let schemas: TestSchemas;
  let eventStore: EventStore;
  let readStore: ReadStore;
  let env: Record<string, string>;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    schemas = await createTestSchemas('snapshotkill');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
    env = {
      DATABASE_URL: schemas.connectionString,
      EVENT_STORE_SCHEMA: schemas.eventStoreSchema,
      READ_STORE_SCHEMA: schemas.readStoreSchema,
      REDIS_URL,
      QUEUE_PREFIX: `test-snapkill-${randomUUID().slice(0, 8)}`,
      // Ledger mode: no chain configured.
      CHAIN_RPC_URL: '',
      SNAPSHOT_LOCK_MS: '1000',
      MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'concierge-snapkill-outbox-')),
    };
  });
  afterAll(async () => {
    for (const child of children) await killHard(child);
    await schemas?.drop();
  });

  function spawnStuckWorker(): { child: ChildProcess; recorded: () => string[] } {
    let stdout = '';
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', CHILD], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    return { child, recorded: () => stdout.split('\n').filter((line) => line.startsWith('recorded ')).map((line) => line.slice('recorded '.length)) };
  }

  it('records each member once: valuations that landed before the kill are not recorded again when the jobs are taken over', { timeout: 200_000 }, async () => {
    const members: string[] = [];
    for (let n = 0; n < MEMBERS; n += 1) {
      const userId = (await person(readStore)).id;
      const deposit = recordDeposit(randomUUID(), 10_000_000n + BigInt(n), '0', 1_000 + n);
      await accountAggregate.handle({ eventStore }, userId, { ...deposit, data: { ...deposit.data, userId } }, {
        actor: { type: 'system' },
        correlationId: randomUUID(),
        causationId: randomUUID(),
        now: new Date(),
      });
      members.push(userId);
    }
    const connection = createRedis(REDIS_URL);
    const queue = new Queue(PORTFOLIO_SNAPSHOT_QUEUE, { connection, prefix: env.QUEUE_PREFIX });
    try {
      await queue.addBulk(
        members.map((userId) => {
          const data: SnapshotMemberJob = { userId, slot: SLOT, reason: 'schedule', requestId: null, blockNumber: null };
          return { name: SNAPSHOT_MEMBER, data, opts: snapshotMemberJobOptions(data) };
        }),
      );

      const stuck = spawnStuckWorker();
      await until('valuations to land in the doomed worker', async () => (stuck.recorded().length >= 10 ? true : undefined), 30_000);
      await killHard(stuck.child);
      expect(stuck.child.signalCode).toBe('SIGKILL');
      const landed = stuck.recorded();
      expect(await queue.getJobCounts('completed')).toEqual({ completed: 0 });

      const worker = spawnWorkers(env);
      children.push(worker);
      await until('every member job to complete', async () => ((await queue.getJobCounts('completed')).completed === MEMBERS ? true : undefined), 150_000);
      await killHard(worker);

      for (const userId of members) {
        const recorded = (await eventStore.readStream(portfolioStreamId(userId))).map((event) => eventSchemas.PortfolioSnapshotRecorded.parse(event.data));
        expect(recorded.map((snapshot) => [snapshot.slot, snapshot.totalValueMicro])).toEqual([[SLOT, String(10_000_000 + members.indexOf(userId))]]);
      }
      // The jobs whose valuation landed before the kill were taken over (stalled), and found it recorded.
      for (const streamId of landed) {
        const userId = streamId.slice('portfolio-'.length);
        const job = await queue.getJob(snapshotMemberJobId(userId, SLOT));
        expect(job?.stalledCounter).toBe(1);
        expect(job?.returnvalue).toEqual({ outcome: 'already-recorded' });
      }
    } finally {
      await queue.close();
      connection.disconnect();
    }
  });
});

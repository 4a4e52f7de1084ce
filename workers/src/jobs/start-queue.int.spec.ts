import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { captureLogs } from '@concierge/platform/testing/log-capture';
import { createRedis } from '../redis.js';
import { lockSettings, startQueue, type StartedQueue, type StartQueueOptions } from './start-queue.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** The workers' logger writing to memory; `lines()` are its records so far, parsed. */
function capture() {
  const logs = captureLogs('workers', 'info');
  return { logger: logs.logger, lines: logs.records };
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a queue started by startQueue', () => {
  const started: StartedQueue[] = [];
  const start = (options: Omit<StartQueueOptions, 'redisUrl' | 'prefix'>): StartedQueue => {
    const queue = startQueue({ ...options, redisUrl: REDIS_URL, prefix: `test-start-queue-${randomUUID().slice(0, 8)}` });
    started.push(queue);
    return queue;
  };
  afterEach(async () => {
    for (const queue of started.splice(0)) await queue.close();
  });

  it('runs its jobs on a worker with the options it was given, each job on its queue', async () => {
    const { logger } = capture();
    const seen: string[] = [];
    const queue = start({
      name: 'START_QUEUE_TEST',
      logger,
      processor: () => async (job: Job) => {
        seen.push(String(job.data.n));
        return 'done';
      },
      worker: { concurrency: 3, ...lockSettings(4_000), maxStalledCount: 7 },
      failedMessage: 'test job failed',
    });

    await queue.queue.add('RUN', { n: 1 });
    await queue.queue.add('RUN', { n: 2 });
    await until(() => seen.length === 2, 'both jobs');
    expect(seen.sort()).toEqual(['1', '2']);
    expect(queue.worker.name).toBe('START_QUEUE_TEST');
    expect(queue.worker.opts).toMatchObject({ concurrency: 3, lockDuration: 4_000, stalledInterval: 2_000, maxStalledCount: 7 });
  });

  it('logs each failed attempt with its queue, job and attempts, never its data unless the queue says its data may be logged', async () => {
    const { logger, lines } = capture();
    const failing = () => async () => {
      throw new Error('the node is down');
    };
    const quiet = start({ name: 'START_QUEUE_QUIET', logger, processor: failing, failedMessage: 'quiet job failed' });
    const loud = start({ name: 'START_QUEUE_LOUD', logger, processor: failing, failedMessage: 'loud job failed', logFailedData: true });

    await quiet.queue.add('SEND', { resetLink: 'https://example.test/reset?token=secret' }, { jobId: 'quiet-1' });
    await loud.queue.add('PAY', { withdrawalId: 'w-1' }, { jobId: 'loud-1' });
    await until(() => lines().filter((line) => String(line['msg']).endsWith('job failed')).length === 2, 'both failures logged');

    const quietLine = lines().find((line) => line['msg'] === 'quiet job failed');
    expect(quietLine).toMatchObject({ level: 40, queue: 'START_QUEUE_QUIET', job: 'SEND', jobId: 'quiet-1', attempts: 1, err: { message: 'the node is down' } });
    expect(quietLine).not.toHaveProperty('data');
    expect(JSON.stringify(lines())).not.toContain('secret');
    expect(lines().find((line) => line['msg'] === 'loud job failed')).toMatchObject({ queue: 'START_QUEUE_LOUD', job: 'PAY', data: { withdrawalId: 'w-1' } });
  });

  it('hands its processor the queue, so a job can add the next one', async () => {
    const { logger } = capture();
    const names: string[] = [];
    const queue = start({
      name: 'START_QUEUE_FAN_OUT',
      logger,
      processor: (own) => async (job: Job) => {
        names.push(job.name);
        if (job.name === 'ROUND') await own.add('MEMBER', {});
      },
      failedMessage: 'fan-out job failed',
    });

    await queue.queue.add('ROUND', {});
    await until(() => names.length === 2, 'the member job the round added');
    expect(names).toEqual(['ROUND', 'MEMBER']);
  });

  it('counts its worker in the metrics it is handed', async () => {
    const { logger } = capture();
    const observed: string[] = [];
    start({ name: 'START_QUEUE_OBSERVED', logger, processor: () => async () => {}, failedMessage: 'observed job failed', observe: (worker) => observed.push(worker.name) });

    expect(observed).toEqual(['START_QUEUE_OBSERVED']);
  });

  it('on close stops its worker and leaves open a connection it shares with others', async () => {
    const { logger } = capture();
    const shared = createRedis(REDIS_URL);
    try {
      const queue = startQueue({
        name: 'START_QUEUE_SHARED',
        redisUrl: REDIS_URL,
        prefix: `test-start-queue-${randomUUID().slice(0, 8)}`,
        logger,
        processor: () => async () => {},
        failedMessage: 'shared job failed',
        queueConnection: shared,
      });
      await queue.queue.waitUntilReady();
      await queue.worker.waitUntilReady();
      await queue.close();

      expect(await shared.ping()).toBe('PONG');
      expect(queue.worker.isRunning()).toBe(false);
    } finally {
      shared.disconnect();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailJob } from '@concierge/contracts';
import { MAIL_QUEUE, SEND_MAIL, mailJobId, mailJobOptions } from '../../queues.js';
import { createRedis } from '../../redis.js';
import { mailProcessor } from './processor.js';
import { outboxFileName, outboxTransport } from './transports.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

async function waitForState(queue: Queue, jobId: string, states: readonly string[], since = 0): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const job = await queue.getJob(jobId);
    const state = await queue.getJobState(jobId);
    if (job && states.includes(state) && (job.finishedOn ?? 0) > since) return;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface OutboxFile {
  to: string;
  subject: string;
  text: string;
  html: string;
}

describe('mail worker with the outbox transport', () => {
  const prefix = `test-mail-${randomUUID().slice(0, 8)}`;
  let outbox: string;
  let connection: Redis;
  let workerConnection: Redis;
  let queue: Queue;
  let worker: Worker;

  beforeAll(async () => {
    outbox = await mkdtemp(join(tmpdir(), 'concierge-outbox-'));
    connection = createRedis(REDIS_URL);
    workerConnection = createRedis(REDIS_URL);
    queue = new Queue(MAIL_QUEUE, { connection, prefix });
    worker = new Worker(MAIL_QUEUE, mailProcessor({ transport: outboxTransport({ dir: outbox }) }), {
      connection: workerConnection,
      prefix,
      concurrency: 4,
    });
  });
  afterAll(async () => {
    await worker.close();
    await queue.obliterate({ force: true });
    await queue.close();
    connection.disconnect();
    workerConnection.disconnect();
    await rm(outbox, { recursive: true, force: true });
  });

  const send = async (jobId: string, mail: MailJob) => {
    await queue.add(SEND_MAIL, mail, mailJobOptions(jobId));
    await waitForState(queue, jobId, ['completed']);
  };
  const readOutbox = async (jobId: string): Promise<OutboxFile> =>
    JSON.parse(await readFile(join(outbox, outboxFileName(jobId)), 'utf8')) as OutboxFile;
  const jsonFiles = async () => (await readdir(outbox)).filter((name) => !name.startsWith('.'));

  it('writes one file per job id, even when the same job is processed a second time', async () => {
    const jobId = mailJobId('password-reset', randomUUID());
    await send(jobId, {
      template: 'password-reset',
      to: 'ada@example.com',
      data: { firstName: 'Ada', resetUrl: 'http://localhost:8080/reset-password?token=t0k3n', expiresAt: '2026-11-22T15:00:00.000Z' },
    });
    expect(await jsonFiles()).toEqual([outboxFileName(jobId)]);
    const first = await readOutbox(jobId);
    expect(Object.keys(first).sort()).toEqual(['html', 'subject', 'text', 'to']);
    expect(first.to).toBe('ada@example.com');
    expect(first.subject).toBe('Reset your Crypto Concierge password');
    expect(first.text).toContain('http://localhost:8080/reset-password?token=t0k3n');
    expect(first.text).toContain('valid until 22 November 2026 at 15:00 UTC');
    expect(first.html).toContain('<a href="http://localhost:8080/reset-password?token=t0k3n">');

    // A redelivery (e.g. the worker died after writing, before completing) runs the job again.
    await writeFile(join(outbox, outboxFileName(jobId)), 'stale');
    const finishedBefore = (await queue.getJob(jobId))?.finishedOn ?? 0;
    await (await queue.getJob(jobId))?.retry('completed');
    await waitForState(queue, jobId, ['completed'], finishedBefore);
    expect(await jsonFiles()).toEqual([outboxFileName(jobId)]);
    expect(await readOutbox(jobId)).toEqual(first);
  });

  it('ignores a second enqueue of a mail with the same job id', async () => {
    const jobId = mailJobId('account-approved', randomUUID());
    const mail: MailJob = { template: 'account-approved', to: 'bo@example.com', data: { firstName: 'Bo', loginUrl: 'http://localhost:8080/login' } };
    await send(jobId, mail);
    await queue.add(SEND_MAIL, { ...mail, to: 'someone-else@example.com' }, mailJobOptions(jobId));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const file = await readOutbox(jobId);
    expect(file.to).toBe('bo@example.com');
    expect(file.subject).toBe('Your Crypto Concierge account is approved');
    expect(file.text).toContain('Hello Bo,');
    expect(file.text).toContain('You can now sign in at\n\nhttp://localhost:8080/login');
    expect(file.html).toContain('<a href="http://localhost:8080/login">');
    expect(file.text).toContain('The Crypto Concierge team');
  });

  it('sends a rejected applicant the reason, escaped in the HTML part', async () => {
    const jobId = mailJobId('account-rejected', randomUUID());
    await send(jobId, { template: 'account-rejected', to: 'cy@example.com', data: { firstName: 'Cy', reason: 'Documents <missing> & unclear' } });
    const file = await readOutbox(jobId);
    expect(file.subject).toBe('Your Crypto Concierge registration');
    expect(file.text).toContain('Reason: Documents <missing> & unclear');
    expect(file.html).toContain('Reason: Documents &lt;missing&gt; &amp; unclear');
    expect(file.text).toContain('The Crypto Concierge team');
  });

  it('fails an invalid mail at once, without retries and without writing anything', async () => {
    const jobId = mailJobId('account-approved', randomUUID());
    const before = await jsonFiles();
    await queue.add(SEND_MAIL, { template: 'account-approved', to: 'not-an-email', data: { firstName: 'X' } }, mailJobOptions(jobId));
    await waitForState(queue, jobId, ['failed']);
    const job = await queue.getJob(jobId);
    expect(job?.attemptsMade).toBe(1);
    expect(job?.failedReason).toContain('Invalid mail job');
    expect(await jsonFiles()).toEqual(before);
  });
  it('clears temp files that a killed worker left behind long ago, and leaves fresh ones to their writers', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'concierge-outbox-sweep-'));
    try {
      const abandoned = `.${randomUUID()}.tmp`;
      const inFlight = `.${randomUUID()}.tmp`;
      await writeFile(join(dir, abandoned), '{"to":');
      await writeFile(join(dir, inFlight), '{"to":');
      const hourAgo = new Date(Date.now() - 3600_000);
      await utimes(join(dir, abandoned), hourAgo, hourAgo);
      await outboxTransport({ dir }).send({ key: 'k1', to: 'a@example.com', subject: 's', text: 't', html: 'h' });
      expect((await readdir(dir)).sort()).toEqual([inFlight, 'k1.json'].sort());
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

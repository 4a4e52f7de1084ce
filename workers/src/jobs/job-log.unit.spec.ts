import type { Job } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { captureLogs } from '@concierge/platform/testing/log-capture';
import { withJobLog } from './job-log.js';

/** The workers' logger writing to memory; `lines()` are its records so far, parsed. */
function capture() {
  const logs = captureLogs('workers', 'info');
  return { logger: logs.logger, lines: logs.records };
}

/** The fields of a BullMQ job a processor reads. */
const job = (data: unknown, id = 'job-1') => ({ id, name: 'SEND_MAIL', data, attemptsMade: 0 }) as unknown as Job;

describe('job logs', () => {
  it('logs a job started by a request with its correlation id, and every line the job writes carries it', async () => {
    const { logger, lines } = capture();
    const processor = withJobLog('MAIL', logger, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.info('inside the job');
      return 'sent';
    });

    expect(await processor(job({ to: 'a@example.com', correlationId: 'req-7' }))).toBe('sent');
    expect(lines().map((line) => [line['msg'], line['correlationId'], line['jobId']])).toEqual([
      ['MAIL job started', 'req-7', 'job-1'],
      ['inside the job', 'req-7', 'job-1'],
      ['MAIL job done', 'req-7', 'job-1'],
    ]);
  });

  it('logs a failure with the id and lets it through for BullMQ to retry', async () => {
    const { logger, lines } = capture();
    const processor = withJobLog('SETTLEMENT', logger, () => Promise.reject(new Error('node down')));

    await expect(processor(job({ correlationId: 'req-8' }))).rejects.toThrow('node down');
    expect(lines().at(-1)).toMatchObject({ msg: 'SETTLEMENT job failed', correlationId: 'req-8', level: 40 });
  });

  it('says nothing of jobs no request started, nor of an ill-formed correlation id', async () => {
    const { logger, lines } = capture();
    const processor = withJobLog('MAIL', logger, () => Promise.resolve(1));

    await processor(job({ to: 'a@example.com' }));
    await processor(job({ correlationId: 'two words\n{"level":60}' }));
    expect(lines()).toEqual([]);
  });

  it('leaves the lines of a batched processor unscoped: a batch runs in whichever job formed it', async () => {
    const { logger, lines } = capture();
    const processor = withJobLog('portfolio-snapshots', logger, () => Promise.resolve(logger.info('batch ran')), { scoped: false });

    await processor(job({ correlationId: 'req-9' }));
    expect(lines().map((line) => [line['msg'], line['correlationId']])).toEqual([
      ['portfolio-snapshots job started', 'req-9'],
      ['batch ran', undefined],
      ['portfolio-snapshots job done', 'req-9'],
    ]);
  });
});

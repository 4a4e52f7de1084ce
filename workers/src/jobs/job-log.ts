import type { Job } from 'bullmq';
import { jobCorrelationOf } from '@concierge/contracts';
import { withLogContext } from '@concierge/platform/logging/context';
import type { Logger } from '@concierge/platform/logging/logger';

export interface JobLogOptions {
  /**
   * Run the processor inside the job's log context, so every line it writes carries the job's
   * correlation id. Off for a processor that batches jobs together (the snapshot batcher runs a
   * batch in whichever job's context formed it, which would name the wrong request).
   */
  readonly scoped?: boolean;
}

/**
 * Wraps a queue's processor so a job started by a request (its data carries `correlationId`) is
 * logged when it starts and ends with that id, its queue and job id: an operator follows a
 * request from the gateway's line to the mail or payout it caused. Jobs without one (schedules,
 * catch-ups) log nothing here; their failures are logged by the workers' `failed` listeners.
 */
export function withJobLog<R>(queue: string, logger: Logger, processor: (job: Job) => Promise<R>, options: JobLogOptions = {}): (job: Job) => Promise<R> {
  return async (job) => {
    const correlationId = jobCorrelationOf(job.data);
    if (correlationId === undefined) return processor(job);
    const fields = { queue, jobId: job.id, correlationId };
    const run = async () => {
      const started = Date.now();
      logger.info({ ...fields, job: job.name, attempt: job.attemptsMade + 1 }, `${queue} job started`);
      try {
        const result = await processor(job);
        logger.info({ ...fields, job: job.name, ms: Date.now() - started }, `${queue} job done`);
        return result;
      } catch (error) {
        logger.warn({ ...fields, job: job.name, ms: Date.now() - started, err: error }, `${queue} job failed`);
        throw error;
      }
    };
    return options.scoped === false ? run() : withLogContext(fields, run);
  };
}

import type { JobsOptions, Queue } from 'bullmq';
import type { ReactorBatch } from './reactor.js';

/** A reactor batch that enqueues: its handlers add jobs, and the batch adds them in one round trip before the checkpoint moves. */
export interface JobBatch extends ReactorBatch {
  add(name: string, data: unknown, opts: JobsOptions): void;
}

export function jobBatch(queue: Queue): JobBatch {
  const jobs: { name: string; data: unknown; opts: JobsOptions }[] = [];
  return {
    add(name, data, opts) {
      jobs.push({ name, data, opts });
    },
    async commit() {
      if (jobs.length > 0) await queue.addBulk(jobs);
    },
  };
}

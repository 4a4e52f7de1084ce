import { UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import type { Logger } from 'pino';
import { CATCH_UP, type CatchUpJobData } from '../queues.js';
import { catchUp, type CatchUpDeps, type Processor } from '../../projections/runtime/catch-up.js';

const CatchUpData = z.object({ projection: z.string().min(1) });

/**
 * Processor of the PROJECTIONS queue: a CATCH_UP job names one projection or reactor (the wake-up
 * enqueues one per name, deduplicated, so one run of each at a time), and both kinds run through
 * the same `catchUp`.
 */
export function catchUpProcessor(deps: CatchUpDeps & { processors: readonly Processor[]; logger: Logger }) {
  return async (job: Job<CatchUpJobData>) => {
    switch (job.name) {
      case CATCH_UP: {
        const { projection: name } = CatchUpData.parse(job.data);
        const processor = deps.processors.find((p) => p.name === name);
        if (!processor) throw new UnrecoverableError(`Unknown projection or reactor ${name}`);
        const result = await catchUp(processor, deps);
        if (result.events > 0) deps.logger.debug({ [processor.kind]: name, events: result.events }, `${processor.kind} caught up`);
        return { events: result.events };
      }
      default:
        throw new UnrecoverableError(`Unknown job ${job.name} on the projections queue`);
    }
  };
}

import { UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import type { Logger } from 'pino';
import { CATCH_UP, type CatchUpJobData } from '../../queues.js';
import { catchUp, type CatchUpDeps } from '../../projections/runtime/catch-up.js';
import type { Projection } from '../../projections/runtime/projection.js';

const CatchUpData = z.object({ projection: z.string().min(1) });

/** Processor of the PROJECTIONS queue. */
export function projectionsProcessor(deps: CatchUpDeps & { projections: readonly Projection[]; logger: Logger }) {
  return async (job: Job<CatchUpJobData>) => {
    switch (job.name) {
      case CATCH_UP: {
        const { projection: name } = CatchUpData.parse(job.data);
        const projection = deps.projections.find((p) => p.name === name);
        if (!projection) throw new UnrecoverableError(`Unknown projection ${name}`);
        const result = await catchUp(projection, deps);
        if (result.events > 0) deps.logger.debug({ projection: name, events: result.events }, 'projection caught up');
        return { events: result.events };
      }
      default:
        throw new UnrecoverableError(`Unknown job ${job.name} on the projections queue`);
    }
  };
}

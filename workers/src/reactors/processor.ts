import type { Job } from 'bullmq';
import { z } from 'zod';
import type { Logger } from 'pino';
import { CATCH_UP } from '../queues.js';
import { runReactor, type Reactor, type ReactorDeps } from './reactor.js';

const CatchUpData = z.object({ projection: z.string().min(1) });

/**
 * Reactors ride on the PROJECTIONS queue: the wake-up enqueues a CATCH_UP job per name, projection
 * or reactor alike (deduplicated per name, so one run of each at a time). This processor runs
 * the jobs that name a reactor and hands every other job to `next`, the projections' processor.
 */
export function withReactors<R>(
  reactors: readonly Reactor[],
  deps: ReactorDeps & { readonly logger: Logger },
  next: (job: Job) => Promise<R>,
): (job: Job) => Promise<R | { events: number }> {
  return async (job) => {
    const data = job.name === CATCH_UP ? CatchUpData.safeParse(job.data) : undefined;
    const reactor = data?.success ? reactors.find((r) => r.name === data.data.projection) : undefined;
    if (!reactor) return next(job);
    const result = await runReactor(reactor, deps);
    if (result.events > 0) deps.logger.debug({ reactor: reactor.name, events: result.events }, 'reactor caught up');
    return { events: result.events };
  };
}

import { WORKERS_MODULES } from './modules.js';
import { MAIL_QUEUE, PROJECTIONS_QUEUE } from './jobs/queues.js';

/** The queues' names and options live with their context; gathered here for whoever wants them all. */
export * from './audit/queues.js';
export * from './jobs/queues.js';
export * from './money/queues.js';
export * from './portfolio/queues.js';

/**
 * Every queue a workers process consumes (stored names): its own two (catch-up runs of projections
 * and reactors, outgoing mail), then each context's, from the contexts' modules.
 */
export const WORKER_QUEUES: readonly string[] = [PROJECTIONS_QUEUE, MAIL_QUEUE, ...WORKERS_MODULES.flatMap((module) => module.queues)];

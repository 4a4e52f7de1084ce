import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { ContextName } from '@concierge/contracts/shared/contexts';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';
import type { Stores } from '@concierge/platform/stores';
import type { WorkersConfig } from './config.js';
import type { WorkerObserver } from './metrics/jobs.js';
import type { Projection } from './projections/runtime/projection.js';
import type { Reactor } from './reactors/reactor.js';

/** What the process hands every context's `start`: its settings, stores and shared queues. */
export interface WorkersRuntime {
  readonly config: WorkersConfig;
  readonly logger: Logger;
  readonly stores: Omit<Stores, 'close'>;
  /** The event store and the process's aggregate states: for the jobs and reactors that decide commands. */
  readonly commands: AggregateDeps;
  /** The MAIL queue: reactors add their notices to it. */
  readonly mailQueue: Queue;
  /** Every projection of every context (replay-verify rebuilds and compares them all). */
  readonly projections: readonly Projection[];
  /** Counts a job worker's jobs in the workers' metrics. */
  readonly observe: WorkerObserver;
}

/** What a context started: its reactors, run on the projections queue beside the projections, and how it stops. */
export interface StartedContext {
  readonly reactors: readonly Reactor[];
  /**
   * Its job workers take no new job and finish their active ones, and it closes what it opened;
   * run within the shutdown's grace period, all contexts at once.
   */
  stop(): Promise<void>;
  /** Run once every job worker of the process has stopped: writes what it kept in memory (aggregate snapshots). */
  flush?(): Promise<void>;
}

/**
 * One bounded context as the workers run it: the read models it projects, and at start its
 * reactors and job queues. The registry, the processors of the projections queue and the job
 * workers are all derived from the list of modules (`modules.ts`).
 */
export interface WorkersModule<C extends ContextName = ContextName> {
  readonly context: C;
  /** Its projections, in the order they are listed, caught up and rebuilt. */
  readonly projections: readonly Projection[];
  /** The queues its jobs run on (their stored names), whether or not this process's settings start them. */
  readonly queues: readonly string[];
  start(runtime: WorkersRuntime): Promise<StartedContext>;
}

/** Nothing to start: a context that only projects. */
export const projectsOnly = async (): Promise<StartedContext> => ({ reactors: [], stop: async () => {} });

import type { JobsOptions } from 'bullmq';

/** Queue of projection catch-up jobs; one job per projection may run at a time. */
export const PROJECTIONS_QUEUE = 'PROJECTIONS';
export const CATCH_UP = 'CATCH_UP';

export interface CatchUpJobData {
  readonly projection: string;
}

/**
 * Deduplicated by projection: while one catch-up runs, any number of wake-ups leave exactly one
 * follow-up job, so events appended during a run are never left waiting and runs never overlap.
 */
export function catchUpJobOptions(projection: string): JobsOptions {
  return {
    deduplication: { id: `catch-up:${projection}`, keepLastIfActive: true },
    removeOnComplete: true,
    removeOnFail: 1000,
    attempts: 10,
    backoff: { type: 'exponential', delay: 100 },
  };
}

/** Worker settings: a killed worker's job is taken over within about `lockDurationMs`. */
export interface ProjectionWorkerSettings {
  readonly lockDurationMs: number;
  readonly stalledIntervalMs: number;
}

export const DEFAULT_PROJECTION_WORKER_SETTINGS: ProjectionWorkerSettings = { lockDurationMs: 10_000, stalledIntervalMs: 5_000 };

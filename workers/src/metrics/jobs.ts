import type { Job, Worker } from 'bullmq';
import { Counter, Histogram } from 'prom-client';
import { SNAPSHOT_MEMBER, SNAPSHOT_ROUND } from '@concierge/contracts';
import { JOB_DURATION_BUCKETS, type Registry } from '@concierge/platform/metrics/registry';
import { CATCH_UP } from '../jobs/queues.js';
import { SETTLE_WITHDRAWAL } from '../money/queues.js';

/** Hands a BullMQ worker to the metrics: its jobs' outcomes and durations are counted from its events. */
export type WorkerObserver = (worker: Worker) => void;

export interface JobMetrics {
  readonly observe: WorkerObserver;
  /** The queues of the workers observed so far: their depths are read on each scrape. */
  readonly queues: () => readonly string[];
}

const field = (value: unknown, key: string): unknown => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined);

/**
 * Job outcomes per queue (`concierge_jobs_total`, `concierge_job_duration_seconds`) and what some
 * jobs report when they finish: projection events processed (CATCH_UP), payouts by state
 * (SETTLE_WITHDRAWAL), snapshot rounds and members valued (SNAPSHOT_ROUND, SNAPSHOT_MEMBER). All read
 * from the workers' own events, so each process counts the jobs it ran and the domain code knows nothing.
 */
export function jobMetrics(registry: Registry): JobMetrics {
  const jobs = new Counter({
    name: 'concierge_jobs_total',
    help: 'Jobs this process finished, by queue and outcome (completed, failed: an attempt threw; it may be retried).',
    labelNames: ['queue', 'outcome'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'concierge_job_duration_seconds',
    help: 'Time from a job being taken to its end, by queue and outcome.',
    labelNames: ['queue', 'outcome'],
    buckets: [...JOB_DURATION_BUCKETS],
    registers: [registry],
  });
  const processed = new Counter({
    name: 'concierge_projection_events_processed_total',
    help: 'Events read past by catch-up runs of each projection or reactor in this process.',
    labelNames: ['projection'],
    registers: [registry],
  });
  const payouts = new Counter({
    name: 'concierge_settlement_payouts_total',
    help: 'Payout runs by the state they left the withdrawal in: completed, nothing-to-pay, failed (left to an admin), retrying (an attempt threw).',
    labelNames: ['state'],
    registers: [registry],
  });
  const rounds = new Counter({
    name: 'concierge_snapshot_rounds_total',
    help: 'Portfolio snapshot rounds fanned out by this process, by outcome (completed, failed).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const roundDuration = new Histogram({
    name: 'concierge_snapshot_round_duration_seconds',
    help: "A round's own job: pinning the block and adding one job per approved member.",
    buckets: [...JOB_DURATION_BUCKETS],
    registers: [registry],
  });
  const roundMembers = new Counter({
    name: 'concierge_snapshot_round_members_total',
    help: 'Members the rounds of this process queued a valuation for.',
    registers: [registry],
  });
  const valued = new Counter({
    name: 'concierge_snapshot_members_valued_total',
    help: 'Member valuations by outcome: recorded, already-recorded (the slot was valued before), failed.',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const queues = new Set<string>();

  const seconds = (job: Job): number | undefined => (typeof job.processedOn === 'number' ? Math.max(0, Date.now() - job.processedOn) / 1000 : undefined);

  function completed(queue: string, job: Job, result: unknown): void {
    const took = seconds(job);
    jobs.inc({ queue, outcome: 'completed' });
    if (took !== undefined) duration.observe({ queue, outcome: 'completed' }, took);
    switch (job.name) {
      case CATCH_UP: {
        const projection = field(job.data, 'projection');
        const events = field(result, 'events');
        if (typeof projection === 'string' && typeof events === 'number') processed.inc({ projection }, events);
        return;
      }
      case SETTLE_WITHDRAWAL: {
        const kind = field(result, 'kind');
        if (typeof kind === 'string') payouts.inc({ state: kind });
        return;
      }
      case SNAPSHOT_ROUND: {
        rounds.inc({ outcome: 'completed' });
        if (took !== undefined) roundDuration.observe(took);
        const members = field(result, 'members');
        if (typeof members === 'number') roundMembers.inc(members);
        return;
      }
      case SNAPSHOT_MEMBER: {
        const outcome = field(result, 'outcome');
        if (typeof outcome === 'string') valued.inc({ outcome });
        return;
      }
    }
  }

  function failed(queue: string, job: Job | undefined): void {
    jobs.inc({ queue, outcome: 'failed' });
    if (!job) return;
    const took = seconds(job);
    if (took !== undefined) duration.observe({ queue, outcome: 'failed' }, took);
    if (job.name === SETTLE_WITHDRAWAL) payouts.inc({ state: 'retrying' });
    if (job.name === SNAPSHOT_ROUND) rounds.inc({ outcome: 'failed' });
    if (job.name === SNAPSHOT_MEMBER) valued.inc({ outcome: 'failed' });
  }

  return {
    observe(worker) {
      const queue = worker.name;
      queues.add(queue);
      worker.on('completed', (job, result) => completed(queue, job, result));
      worker.on('failed', (job) => failed(queue, job));
    },
    queues: () => [...queues],
  };
}

import { UnrecoverableError, type Job } from 'bullmq';
import type { Logger } from 'pino';
import {
  queuedReplayVerification,
  REPLAY_VERIFICATIONS_COLLECTION,
  REPLAY_VERIFY_QUEUE,
  ReplayVerifyJob,
  type ReplayVerificationReport,
} from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { ReadModelDoc, ReadStore } from '@concierge/platform/read-store/port';
import type { WorkerObserver } from '../../metrics/jobs.js';
import type { Projection } from '../../projections/runtime/projection.js';
import { startQueue } from '../../jobs/start-queue.js';
import { replayVerify, type ReplayVerifyDeps } from './replay-verify.js';
import type { ScratchFactory } from './scratch.js';

export interface ReplayVerifyJobDeps {
  readonly eventStore: EventStore;
  /** The live read store: compared, and where the reports are kept. */
  readonly readStore: ReadStore;
  readonly scratch: ScratchFactory;
  /** Every projection the workers run: each is rebuilt and compared. */
  readonly projections: readonly Projection[];
  readonly logger: Logger;
  readonly now?: () => Date;
  /** Passed on to `replayVerify` (tests narrow the projections). */
  readonly verify?: Partial<Pick<ReplayVerifyDeps, 'projections' | 'attempts' | 'batchSize'>>;
}

const FINISHED: ReadonlySet<ReplayVerificationReport['status']> = new Set(['passed', 'failed', 'error']);

/** A report as a read-model document (its values are JSON already; the port wants them typed so). */
const asDoc = (report: ReplayVerificationReport): ReadModelDoc => JSON.parse(JSON.stringify(report)) as ReadModelDoc;

/**
 * Runs one verification and keeps its report in REPLAY_VERIFICATIONS_COLLECTION: `running`, then
 * `passed` (no difference), `failed` (differences, listed) or `error` (why it could not finish).
 * Safe to run twice: a verification already finished is left as it is.
 */
export function replayVerifyProcessor(deps: ReplayVerifyJobDeps): (job: Job) => Promise<void> {
  const now = deps.now ?? (() => new Date());
  const reports = deps.readStore.collection<ReadModelDoc>(REPLAY_VERIFICATIONS_COLLECTION);
  return async (job) => {
    const parsed = ReplayVerifyJob.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`replay-verify job ${job.id ?? '?'} has data it cannot read`);
    const { verificationId, requestedBy } = parsed.data;
    const stored = (await reports.get(verificationId)) as ReplayVerificationReport | undefined;
    if (stored && FINISHED.has(stored.status)) return;
    const base = stored ?? queuedReplayVerification(verificationId, requestedBy, now().toISOString());
    const running: ReplayVerificationReport = { ...base, status: 'running', startedAt: now().toISOString() };
    await reports.upsert(asDoc(running));
    let finished: ReplayVerificationReport;
    try {
      const result = await replayVerify({ eventStore: deps.eventStore, live: deps.readStore, scratch: deps.scratch, projections: deps.projections, ...deps.verify, onProgress: (message) => deps.logger.info({ verificationId }, message) });
      finished = { ...running, ...result, status: result.differenceCount === 0 ? 'passed' : 'failed', finishedAt: now().toISOString() };
    } catch (error) {
      deps.logger.error({ err: error, verificationId }, 'replay-verify could not finish');
      finished = { ...running, status: 'error', error: error instanceof Error ? error.message : String(error), finishedAt: now().toISOString() };
    }
    await reports.upsert(asDoc(finished));
    deps.logger.info({ verificationId, status: finished.status, differences: finished.differenceCount }, 'replay-verify finished');
  };
}

/** The workers' consumer of the replay-verify queue: one verification at a time (each rebuilds every read model). */
export function startReplayVerifyWorker(
  deps: ReplayVerifyJobDeps & { readonly redisUrl: string; readonly prefix: string; readonly observe?: WorkerObserver },
): { close(): Promise<void> } {
  return startQueue({
    name: REPLAY_VERIFY_QUEUE,
    redisUrl: deps.redisUrl,
    prefix: deps.prefix,
    logger: deps.logger,
    processor: () => replayVerifyProcessor(deps),
    // Comparing keeps the event loop busy in stretches: a generous lock survives a lock renewal that runs late.
    worker: { concurrency: 1, lockDuration: 120_000 },
    failedMessage: 'replay-verify job failed',
    observe: deps.observe,
  });
}

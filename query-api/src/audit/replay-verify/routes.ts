import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import {
  REPLAY_VERIFICATIONS_COLLECTION,
  REPLAY_VERIFY,
  replayVerifyJobOptions,
  queuedReplayVerification,
  type ReplayVerificationAccepted,
  type ReplayVerificationReport,
  type ReplayVerifyJob,
} from '@concierge/contracts';
import type { Principal } from '@concierge/platform/auth/access-token';
import { NotFoundError, ServiceUnavailableError } from '@concierge/platform/errors';
import { currentLogContext } from '@concierge/platform/logging/context';
import type { SomeHandlers } from '@concierge/platform/http/handlers';
import { notImplemented } from '@concierge/platform/http/route-table';
import type { ReadModelDoc, ReadStore } from '@concierge/platform/read-store/port';
import { TooManyRequestsError } from '@concierge/platform/rate-limit/middleware';
import { localStartLock, type StartLock } from './start-lock.js';

export const NO_VERIFICATION_YET_MESSAGE = 'No replay-verification has been run yet: start one.';
export const NO_SUCH_VERIFICATION_MESSAGE = 'No replay-verification has this id.';
export const NOT_QUEUED_MESSAGE = 'The replay-verification could not be queued. Please try again in a moment.';

/** A verification still queued or running after this long was abandoned (its worker died): a new request starts another. */
export const ABANDONED_AFTER_MS = 60 * 60_000;

/** The replay-verify queue, as the query API adds to it. */
export interface ReplayVerifyQueue {
  add(name: typeof REPLAY_VERIFY, data: ReplayVerifyJob, options: ReturnType<typeof replayVerifyJobOptions>): Promise<unknown>;
}

export interface ReplayVerifyQueryDeps {
  readonly readStore: ReadStore;
  readonly logger: Logger;
  /** Without it, starting a verification stays unbuilt (501); reading reports does not need it. */
  readonly replayQueue?: ReplayVerifyQueue | undefined;
  /** Makes each start's read-decide-write atomic; default: within this process only (main passes the Redis one). */
  readonly replayStartLock?: StartLock | undefined;
  /** Least time from the end of a full run (passed or failed) to the start of the next; default DEFAULT_REPLAY_MIN_INTERVAL_MS. */
  readonly replayMinIntervalMs?: number | undefined;
  readonly now?: (() => Date) | undefined;
}

/** 15 minutes: a full run rebuilds every read model (minutes at 100k events); the tail check answers for the newest events at any time. */
export const DEFAULT_REPLAY_MIN_INTERVAL_MS = 15 * 60_000;

/** The 429's message: when the last full run ended and when the next may start. */
export function tooSoonMessage(finishedAt: string, nextAt: Date): string {
  return (
    `A full replay-verification finished at ${finishedAt.slice(11, 16)} UTC (its report is shown); the next can start at ${nextAt.toISOString().slice(11, 16)} UTC. ` +
    'Checking the tail since the last checkpoint is available now.'
  );
}

const asDoc = (report: ReplayVerificationReport): ReadModelDoc => JSON.parse(JSON.stringify(report)) as ReadModelDoc;

/**
 * The verification panel's routes: start a replay-verification (202 with its id; while one is
 * queued or running, that one's id, so repeated or simultaneous clicks never pile up full
 * rebuilds; within the minimum interval after a full run, 429 with Retry-After), read the latest
 * and one by id. Starting one changes no domain state: the workers compare and write only
 * the report.
 */
export function replayVerifyQueryHandlers(deps: ReplayVerifyQueryDeps) {
  const now = deps.now ?? (() => new Date());
  const reports = () => deps.readStore.collection<ReadModelDoc>(REPLAY_VERIFICATIONS_COLLECTION);
  const latest = async () => (await reports().find({ sort: [{ field: 'requestedAt', direction: 'desc' }], limit: 1 }))[0] as ReplayVerificationReport | undefined;
  const queue = deps.replayQueue;
  const lock = deps.replayStartLock ?? localStartLock();
  const minIntervalMs = deps.replayMinIntervalMs ?? DEFAULT_REPLAY_MIN_INTERVAL_MS;
  const start = async (replayQueue: ReplayVerifyQueue, caller: Principal): Promise<ReplayVerificationAccepted> => {
    const current = await latest();
    const pending = current && (current.status === 'queued' || current.status === 'running');
    if (current && pending && now().getTime() - Date.parse(current.requestedAt) < ABANDONED_AFTER_MS) return { id: current.id, status: current.status };
    // A run that rebuilt everything (passed or failed) holds the next one off; one that ended in error does not.
    if (current?.finishedAt && (current.status === 'passed' || current.status === 'failed')) {
      const nextAt = Date.parse(current.finishedAt) + minIntervalMs;
      const waitMs = nextAt - now().getTime();
      // Its seconds go out as Retry-After (platform/src/http/problem.ts).
      if (waitMs > 0) throw new TooManyRequestsError(Math.ceil(waitMs / 1000), tooSoonMessage(current.finishedAt, new Date(nextAt)));
    }
    const report = queuedReplayVerification(randomUUID(), { userId: caller.userId, role: caller.role }, now().toISOString());
    await reports().upsert(asDoc(report));
    try {
      // The request's id goes with the job: the worker's lines for this run carry it.
      const requestId = currentLogContext()?.requestId;
      const data = { verificationId: report.id, requestedBy: report.requestedBy, ...(requestId ? { correlationId: requestId } : {}) };
      await replayQueue.add(REPLAY_VERIFY, data, replayVerifyJobOptions(report.id));
    } catch (error) {
      deps.logger.warn({ err: error, verificationId: report.id }, 'replay-verification could not be queued');
      await reports().upsert(asDoc({ ...report, status: 'error', error: NOT_QUEUED_MESSAGE, finishedAt: now().toISOString() }));
      throw new ServiceUnavailableError(NOT_QUEUED_MESSAGE);
    }
    return { id: report.id, status: report.status };
  };
  return {
    'audit.latestReplayVerification': async () => {
      const report = await latest();
      if (!report) throw new NotFoundError(NO_VERIFICATION_YET_MESSAGE);
      return report;
    },
    'audit.replayVerification': async ({ params }) => {
      const report = await reports().get(params.id);
      if (!report) throw new NotFoundError(NO_SUCH_VERIFICATION_MESSAGE);
      return report as ReplayVerificationReport;
    },
    // Without the queue, starting one stays unbuilt (501); reading reports does not need it.
    'audit.startReplayVerification': queue ? async ({ caller }) => lock.hold(() => start(queue, caller)) : notImplemented,
  } satisfies SomeHandlers<'query'>;
}

import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import {
  auditRoutes,
  REPLAY_VERIFICATIONS_COLLECTION,
  REPLAY_VERIFY,
  replayVerifyJobOptions,
  queuedReplayVerification,
  type ReplayVerificationAccepted,
  type ReplayVerificationReport,
  type ReplayVerifyJob,
} from '@concierge/contracts';
import { principalOf } from '@concierge/platform/auth/authorize';
import { NotFoundError, ServiceUnavailableError } from '@concierge/platform/errors';
import { currentLogContext } from '@concierge/platform/logging/context';
import { inputOf } from '@concierge/platform/http/route-table';
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
  readonly replayQueue?: ReplayVerifyQueue;
  /** Makes each start's read-decide-write atomic; default: within this process only (main passes the Redis one). */
  readonly replayStartLock?: StartLock;
  /** Least time from the end of a full run (passed or failed) to the start of the next; default DEFAULT_REPLAY_MIN_INTERVAL_MS. */
  readonly replayMinIntervalMs?: number;
  readonly now?: () => Date;
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
export function replayVerifyQueryHandlers(deps: ReplayVerifyQueryDeps): Record<string, RequestHandler> {
  const now = deps.now ?? (() => new Date());
  const reports = () => deps.readStore.collection<ReadModelDoc>(REPLAY_VERIFICATIONS_COLLECTION);
  const latest = async () => (await reports().find({ sort: [{ field: 'requestedAt', direction: 'desc' }], limit: 1 }))[0] as ReplayVerificationReport | undefined;
  const handlers: Record<string, RequestHandler> = {
    [auditRoutes.latestReplayVerification.id]: async (_req, res) => {
      const report = await latest();
      if (!report) throw new NotFoundError(NO_VERIFICATION_YET_MESSAGE);
      res.json(report);
    },
    [auditRoutes.replayVerification.id]: async (req, res) => {
      const { params } = inputOf(req, auditRoutes.replayVerification);
      const report = await reports().get(params.id);
      if (!report) throw new NotFoundError(NO_SUCH_VERIFICATION_MESSAGE);
      res.json(report);
    },
  };
  const queue = deps.replayQueue;
  if (!queue) return handlers;
  const lock = deps.replayStartLock ?? localStartLock();
  const minIntervalMs = deps.replayMinIntervalMs ?? DEFAULT_REPLAY_MIN_INTERVAL_MS;
  handlers[auditRoutes.startReplayVerification.id] = (req, res) => lock.hold(() => start(req, res));
  const start = async (req: Request, res: Response): Promise<void> => {
    const current = await latest();
    const pending = current && (current.status === 'queued' || current.status === 'running');
    if (current && pending && now().getTime() - Date.parse(current.requestedAt) < ABANDONED_AFTER_MS) {
      res.status(202).json({ id: current.id, status: current.status } satisfies ReplayVerificationAccepted);
      return;
    }
    // A run that rebuilt everything (passed or failed) holds the next one off; one that ended in error does not.
    if (current?.finishedAt && (current.status === 'passed' || current.status === 'failed')) {
      const nextAt = Date.parse(current.finishedAt) + minIntervalMs;
      const waitMs = nextAt - now().getTime();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        res.setHeader('Retry-After', String(seconds));
        throw new TooManyRequestsError(seconds, tooSoonMessage(current.finishedAt, new Date(nextAt)));
      }
    }
    const { userId, role } = principalOf(req);
    const report = queuedReplayVerification(randomUUID(), { userId, role }, now().toISOString());
    await reports().upsert(asDoc(report));
    try {
      // The request's id goes with the job: the worker's lines for this run carry it.
      const requestId = currentLogContext()?.requestId;
      const data = { verificationId: report.id, requestedBy: report.requestedBy, ...(requestId ? { correlationId: requestId } : {}) };
      await queue.add(REPLAY_VERIFY, data, replayVerifyJobOptions(report.id));
    } catch (error) {
      deps.logger.warn({ err: error, verificationId: report.id }, 'replay-verification could not be queued');
      await reports().upsert(asDoc({ ...report, status: 'error', error: NOT_QUEUED_MESSAGE, finishedAt: now().toISOString() }));
      throw new ServiceUnavailableError(NOT_QUEUED_MESSAGE);
    }
    res.status(202).json({ id: report.id, status: report.status } satisfies ReplayVerificationAccepted);
  };
  return handlers;
}

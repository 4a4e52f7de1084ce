import type { Logger } from 'pino';
import { SNAPSHOT_MEMBER, snapshotMemberJobOptions, type PortfolioReadModel, type SnapshotMemberJob } from '@concierge/contracts';
import { ServiceUnavailableError } from '@concierge/platform/errors';
import { currentLogContext } from '@concierge/platform/logging/context';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { readPortfolio } from './queries.js';

/** What the refresh needs of the portfolio-snapshots queue: BullMQ's `Queue.add`, deduplicated by job id. */
export interface SnapshotQueue {
  add(name: typeof SNAPSHOT_MEMBER, data: SnapshotMemberJob, options: ReturnType<typeof snapshotMemberJobOptions>): Promise<unknown>;
}

export interface RefreshOptions {
  readonly readStore: ReadStore;
  readonly queue: SnapshotQueue;
  /** Longest wait for the requested valuation to reach the member's document. */
  readonly waitMs: number;
  /** How often the document is read while waiting (one read by id). */
  readonly pollMs?: number;
  readonly now?: () => Date;
  /** Where a queue that could not be reached is reported. */
  readonly logger?: Logger;
}

const REQUEST_WINDOW_MS = 60_000;

export const REFRESH_UNAVAILABLE_MESSAGE = 'Your portfolio cannot be refreshed right now. Please try again in a moment.';
/** Seconds a member's app waits before asking again: about how long a Redis restart takes. */
export const REFRESH_RETRY_AFTER_SECONDS = 5;
/** Longest wait for the queue to take the valuation; a queue that has not answered by then is away. */
const QUEUE_ANSWER_MS = 1_000;

/**
 * Adds the valuation, or refuses at once: while the queue is away no valuation is coming, and the
 * last figures answered as if fresh would mislead the member who asked for new ones. The member's
 * app keeps the figures on screen and shows the message.
 */
async function queueValuation(queue: SnapshotQueue, job: SnapshotMemberJob, logger?: Logger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      queue.add(SNAPSHOT_MEMBER, job, snapshotMemberJobOptions(job)),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('the portfolio-snapshots queue did not answer')), QUEUE_ANSWER_MS);
      }),
    ]);
  } catch (error) {
    logger?.warn({ err: error, userId: job.userId }, 'portfolio refresh could not be queued');
    throw new ServiceUnavailableError(REFRESH_UNAVAILABLE_MESSAGE, REFRESH_RETRY_AFTER_SECONDS);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A member's refresh asks for one valuation per minute: the request id is the minute's number, so
 * its job id (`snapshotMemberJobId`: member and slot `request:<requestId>`) is the same for every
 * refresh in that minute and the queue keeps one; should the job be gone already, the aggregate
 * records a slot once anyway.
 */
export const memberRequestId = (at: Date): string => `member-${Math.floor(at.getTime() / REQUEST_WINDOW_MS)}`;

/** The valuation asked for has reached the document, or a newer one than the caller had seen. */
function landed(doc: PortfolioReadModel | undefined, before: PortfolioReadModel | undefined, requestId: string): boolean {
  const latest = doc?.latest;
  if (!latest) return false;
  return latest.requestId === requestId || latest.snapshotId !== before?.latest?.snapshotId;
}

export type Refreshed = { readonly doc: PortfolioReadModel | undefined; readonly refreshing: boolean };

/**
 * Queues a valuation of the member (at most one a minute) and waits up to `waitMs` for it to reach
 * the read model: the new document, or the last one with `refreshing` when it has not landed yet.
 * A queue that cannot be reached is a 503 with Retry-After, answered at once.
 */
export function portfolioRefresher(options: RefreshOptions) {
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 50;
  return async function refresh(userId: string): Promise<Refreshed> {
    const requestId = memberRequestId(now());
    const before = await readPortfolio(options.readStore, userId);
    if (before?.latest?.requestId === requestId) return { doc: before, refreshing: false };
    // The request that asked for this valuation: its snapshot event and the worker's log lines carry
    // its id. A refresh of the same minute finds the job queued already and adds nothing.
    const correlationId = currentLogContext()?.requestId;
    const job: SnapshotMemberJob = { userId, slot: `request:${requestId}`, reason: 'member', requestId, blockNumber: null, ...(correlationId ? { correlationId } : {}) };
    await queueValuation(options.queue, job, options.logger);
    const deadline = Date.now() + options.waitMs;
    let doc = before;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, Math.max(0, deadline - Date.now()))));
      doc = await readPortfolio(options.readStore, userId);
      if (landed(doc, before, requestId)) return { doc, refreshing: false };
    }
    return { doc, refreshing: true };
  };
}

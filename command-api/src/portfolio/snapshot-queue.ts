import type { Queue } from 'bullmq';
import { SNAPSHOT_MEMBER, SnapshotMemberJob, snapshotMemberJobOptions } from '@concierge/contracts';
import { ServiceUnavailableError } from '@concierge/platform/errors';
import { currentLogContext } from '@concierge/platform/logging/context';
import type { SnapshotRequests } from '@concierge/domain/portfolio/snapshot/request-portfolio-snapshot';

export const SNAPSHOT_ENQUEUE_TIMEOUT_MS = 2_000;
export const SNAPSHOTS_UNAVAILABLE_MESSAGE = 'We cannot take snapshot requests right now. Please try again in a minute.';
const RETRY_AFTER_SECONDS = 60;

/** One requested valuation per member at a time: BullMQ keeps this key until the job completes or fails for good. */
export const requestedSnapshotKey = (userId: string) => `requested-snapshot:${userId}`;

/**
 * The portfolio-snapshots queue (BullMQ) as the place snapshot requests go. The queue's
 * connection waits out a Redis outage (BullMQ needs that): past the deadline the request answers
 * 503; a job that lands later is still valued once (its id is the member and the request's slot).
 * Requests for a member whose requested valuation is still waiting, delayed or running are
 * coalesced into it (BullMQ deduplication, decided atomically in Redis): they answer its request id.
 */
export function bullmqSnapshotRequests(queue: Queue, timeoutMs = SNAPSHOT_ENQUEUE_TIMEOUT_MS): SnapshotRequests {
  return {
    async enqueue(job) {
      // The admin's request started this valuation: its events and the worker's log lines carry the request's id.
      const requestId = currentLogContext()?.requestId;
      const data = SnapshotMemberJob.parse(requestId ? { ...job, correlationId: requestId } : job);
      const options = { ...snapshotMemberJobOptions(data), deduplication: { id: requestedSnapshotKey(data.userId) } };
      const added = queue.add(SNAPSHOT_MEMBER, data, options).then(async (queued) => {
        if (queued.id === options.jobId) return undefined;
        // Joined a valuation already under way: its own request id, read from its job.
        const running = queued.id === undefined ? undefined : await queue.getJob(queued.id);
        return SnapshotMemberJob.safeParse(running?.data).data?.requestId ?? undefined;
      });
      added.catch(() => undefined); // reported through the race below, or too late to matter
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new ServiceUnavailableError(SNAPSHOTS_UNAVAILABLE_MESSAGE, RETRY_AFTER_SECONDS)), timeoutMs);
      });
      try {
        return await Promise.race([added, deadline]);
      } catch (error) {
        if (error instanceof ServiceUnavailableError) throw error;
        throw new ServiceUnavailableError(SNAPSHOTS_UNAVAILABLE_MESSAGE, RETRY_AFTER_SECONDS);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

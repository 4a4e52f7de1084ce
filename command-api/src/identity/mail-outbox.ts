import type { Queue } from 'bullmq';
import { MailJob, mailJobOptions, SEND_MAIL } from '@concierge/contracts';
import { ServiceUnavailableError } from '@concierge/platform/errors';
import { currentLogContext } from '@concierge/platform/logging/context';
import type { MailOutbox } from '@concierge/domain/identity/mail-outbox';

/**
 * The MAIL queue (BullMQ) as an outbox. Job ids are deterministic, and completed jobs are kept
 * for MAIL_JOB_RETENTION_SECONDS, so a retried request never mails twice. Note that BullMQ
 * refuses custom job ids containing `:`, so ids use `-` (e.g. `password-reset-<tokenId>`).
 */
export function bullmqMailOutbox(queue: Queue, options: MailOutboxOptions = {}): MailOutbox {
  const timeoutMs = options.timeoutMs ?? MAIL_ENQUEUE_TIMEOUT_MS;
  return {
    async send(jobId, mail) {
      // The request being served started this mail: the worker logs its id with the job.
      const requestId = currentLogContext()?.requestId;
      const added = queue.add(SEND_MAIL, { ...MailJob.parse(mail), ...(requestId ? { correlationId: requestId } : {}) }, mailJobOptions(jobId));
      await withinDeadline(added, timeoutMs);
    },
  };
}

export interface MailOutboxOptions {
  /** Longest wait for Redis to take the job; then the request answers 503 instead of hanging. */
  readonly timeoutMs?: number;
}

export const MAIL_ENQUEUE_TIMEOUT_MS = 2_000;
export const MAIL_UNAVAILABLE_MESSAGE = 'We cannot send email right now. Please try again in a minute.';
const MAIL_RETRY_AFTER_SECONDS = 60;

/**
 * The queue's connection waits out a Redis outage (BullMQ needs that), which would hold the
 * request for as long as the outage lasts. A job that lands after the deadline is still sent once
 * (its id is deterministic); the person was told to retry, and a retry mails a fresh link.
 */
async function withinDeadline(added: Promise<unknown>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ServiceUnavailableError(MAIL_UNAVAILABLE_MESSAGE, MAIL_RETRY_AFTER_SECONDS)), timeoutMs);
  });
  added.catch(() => undefined); // reported through the race below, or too late to matter
  try {
    await Promise.race([added, deadline]);
  } catch (error) {
    if (error instanceof ServiceUnavailableError) throw error;
    throw new ServiceUnavailableError(MAIL_UNAVAILABLE_MESSAGE, MAIL_RETRY_AFTER_SECONDS);
  } finally {
    clearTimeout(timer);
  }
}

import type { Queue } from 'bullmq';
import { MAIL_JOB_RETENTION_SECONDS, MailJob, SEND_MAIL } from '@concierge/contracts';

/** Where the command API leaves mail for the workers to send. */
export interface MailOutbox {
  /** Enqueues a mail once: the same `jobId` again within the retention window is ignored. */
  send(jobId: string, mail: MailJob): Promise<void>;
}

const DAY_SECONDS = 24 * 3600;

/**
 * The MAIL queue (BullMQ) as an outbox. Job ids are deterministic, and completed jobs are kept
 * for MAIL_JOB_RETENTION_SECONDS, so a retried request never mails twice. Note that BullMQ
 * refuses custom job ids containing `:`, so ids use `-` (e.g. `password-reset-<tokenId>`).
 */
export function bullmqMailOutbox(queue: Queue): MailOutbox {
  return {
    async send(jobId, mail) {
      await queue.add(SEND_MAIL, MailJob.parse(mail), {
        jobId,
        removeOnComplete: { age: MAIL_JOB_RETENTION_SECONDS },
        removeOnFail: { age: 7 * DAY_SECONDS },
        attempts: 5,
        backoff: { type: 'exponential', delay: 5_000 },
      });
    },
  };
}

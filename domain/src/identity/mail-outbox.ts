import type { MailJob } from '@concierge/contracts';

/** Where a use case leaves mail for the workers to send (the command API's adapter is a BullMQ queue). */
export interface MailOutbox {
  /** Enqueues a mail once: the same `jobId` again within the retention window is ignored. */
  send(jobId: string, mail: MailJob): Promise<void>;
}

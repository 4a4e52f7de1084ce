import { z } from 'zod';

/** BullMQ queue that sends mail; its processor lives in workers. */
export const MAIL_QUEUE = 'MAIL';
/** The one job name of the MAIL queue. */
export const SEND_MAIL = 'SEND_MAIL';

/** What to send. The worker renders subject, text and HTML from the template and its data. */
export const MailJob = z.discriminatedUnion('template', [
  z.object({
    template: z.literal('password-reset'),
    to: z.email(),
    data: z.object({ firstName: z.string(), resetUrl: z.url(), expiresAt: z.iso.datetime() }),
  }),
  z.object({
    /** At registration (and on a repeated one before it is confirmed): the link that confirms the email. */
    template: z.literal('verify-email'),
    to: z.email(),
    /** No name: the mail goes out before the mailbox owner confirmed the registration's name (jobs queued earlier carry one, unused). */
    data: z.object({ firstName: z.string().optional(), verifyUrl: z.url(), expiresAt: z.iso.datetime() }),
  }),
  z.object({
    /** To the owner of a confirmed email someone registered with again: nothing changed, and what to do. */
    template: z.literal('registration-repeated'),
    to: z.email(),
    data: z.object({ firstName: z.string(), loginUrl: z.url(), resetUrl: z.url() }),
  }),
  z.object({
    template: z.literal('account-approved'),
    to: z.email(),
    data: z.object({ firstName: z.string(), loginUrl: z.url() }),
  }),
  z.object({
    template: z.literal('account-rejected'),
    to: z.email(),
    data: z.object({ firstName: z.string(), reason: z.string() }),
  }),
  z.object({
    /** To every admin: who was shown whose deposit private key, when, and why. */
    template: z.literal('private-key-revealed'),
    to: z.email(),
    data: z.object({
      firstName: z.string(),
      adminName: z.string(),
      adminEmail: z.string(),
      memberName: z.string(),
      memberEmail: z.string(),
      address: z.string(),
      revealedAt: z.iso.datetime(),
      reason: z.string(),
    }),
  }),
]);
export type MailJob = z.infer<typeof MailJob>;

/**
 * Mail jobs are added with a deterministic job id (e.g. `password-reset-<tokenId>`,
 * `account-approved-<eventId>`; BullMQ refuses ids with a single `:`) and kept after completion for this long, so a re-delivered
 * trigger within the window never sends the same mail twice.
 */
export const MAIL_JOB_RETENTION_SECONDS = 30 * 24 * 3600;

/**
 * Options of every mail job, whoever enqueues it (the command API or a workers reactor). The id
 * makes a re-enqueue a no-op for as long as the finished job is kept; an unreachable SMTP server is
 * retried for about 40 minutes before the job is parked in the failed set. Plain data, so that it
 * fits BullMQ's job options without this package depending on BullMQ.
 */
export function mailJobOptions(jobId: string) {
  return {
    jobId,
    removeOnComplete: { age: MAIL_JOB_RETENTION_SECONDS },
    removeOnFail: { age: MAIL_JOB_RETENTION_SECONDS },
    attempts: 10,
    backoff: { type: 'exponential' as const, delay: 5_000 },
  };
}

import { UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import { MailJob } from '@concierge/contracts';
import { SEND_MAIL } from '../queues.js';
import { renderMail } from './templates.js';
import type { MailTransport } from './transports.js';

/**
 * Processor of the MAIL queue. Delivery is at least once: a crash after the transport accepted a
 * mail but before the job completed sends it again, which the outbox absorbs (same file) and SMTP
 * marks with the same Message-ID. Job data can hold a reset link, so nothing here logs it.
 */
export function mailProcessor(deps: { readonly transport: MailTransport }) {
  return async (job: Job): Promise<{ template: MailJob['template'] }> => {
    switch (job.name) {
      case SEND_MAIL: {
        const parsed = MailJob.safeParse(job.data);
        // Retrying cannot repair a payload, so it must not retry.
        if (!parsed.success) throw new UnrecoverableError(`Invalid mail job: ${z.prettifyError(parsed.error)}`);
        if (job.id === undefined) throw new UnrecoverableError('A mail job needs an id');
        const mail = parsed.data;
        await deps.transport.send({ key: job.id, to: mail.to, ...renderMail(mail) });
        return { template: mail.template };
      }
      default:
        throw new UnrecoverableError(`Unknown job ${job.name} on the mail queue`);
    }
  };
}

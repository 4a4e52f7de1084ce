import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { MailJob } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { ParsedEvent } from '../projections/runtime/handlers.js';
import { SEND_MAIL, mailJobId, mailJobOptions } from '../jobs/queues.js';
import { jobBatch, type JobBatch } from './job-batch.js';
import { memberContact, type MemberContact } from './member-contact.js';
import { defineReactor, type Reactor } from './reactor.js';

/** Name of the reactor and of its checkpoint. */
export const ACCOUNT_NOTICES = 'account-notices';

export interface AccountNoticesDeps {
  readonly eventStore: EventStore;
  /** The MAIL queue. */
  readonly mailQueue: Queue;
  /** Origin of the web app (PUBLIC_URL); the approval mail links to its /login. */
  readonly publicUrl: string;
  readonly logger: Logger;
}

/**
 * Mails a member when an admin approves or rejects their registration. One mail job per event,
 * with the job id `account-approved-<eventId>` / `account-rejected-<eventId>`: re-delivering an
 * event after a crash re-adds the same id, which BullMQ ignores, so nobody is mailed twice.
 * Starts at the head of the store on its first run (see `catchUp`): members approved before
 * the reactor existed are not mailed.
 */
export function accountNoticesReactor(deps: AccountNoticesDeps): Reactor {
  const loginUrl = `${deps.publicUrl.replace(/\/+$/, '')}/login`;

  /** Adds the mail `compose` writes to the member, as the member was named when the decision was made. */
  async function notify(mails: JobBatch, event: ParsedEvent<'UserApproved' | 'UserRejected'>, compose: (contact: MemberContact) => unknown) {
    const { userId } = event.data;
    const upTo = event.streamId === `user-${userId}` ? event.revision : undefined;
    const contact = await memberContact(deps.eventStore, userId, upTo);
    if (!contact) {
      deps.logger.error({ eventId: event.id, userId }, 'account notice skipped: no registration in the user stream');
      return;
    }
    // Checked here, not only by the mail worker: a job that can never be sent is better not enqueued.
    const mail = MailJob.safeParse(compose(contact));
    if (!mail.success) {
      deps.logger.error({ eventId: event.id, userId }, 'account notice skipped: no valid mail can be built');
      return;
    }
    // The approval's request id goes with the mail, so the mail worker's lines name the request that caused it.
    mails.add(SEND_MAIL, { ...mail.data, correlationId: event.metadata.correlationId }, mailJobOptions(mailJobId(mail.data.template, event.id)));
  }

  return defineReactor({
    name: ACCOUNT_NOTICES,
    batch: () => jobBatch(deps.mailQueue),
    on: {
      UserApproved: (event, mails) =>
        notify(mails, event, (contact) => ({ template: 'account-approved', to: contact.email, data: { firstName: contact.firstName, loginUrl } })),
      UserRejected: (event, mails) =>
        notify(mails, event, (contact) => ({ template: 'account-rejected', to: contact.email, data: { firstName: contact.firstName, reason: event.data.reason } })),
    },
  });
}

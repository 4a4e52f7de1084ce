import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { MailJob, UserApproved, UserRejected } from '@concierge/contracts';
import type { EventStore, RecordedEvent } from '@concierge/platform/event-store/port';
import { SEND_MAIL, mailJobId, mailJobOptions } from '../queues.js';
import { memberContact } from './member-contact.js';
import type { Reactor } from './reactor.js';

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
 * Starts at the head of the store on its first run (see `runReactor`): members approved before
 * the reactor existed are not mailed.
 */
export function accountNoticesReactor(deps: AccountNoticesDeps): Reactor {
  const loginUrl = `${deps.publicUrl.replace(/\/+$/, '')}/login`;

  async function noticeFor(event: RecordedEvent): Promise<{ jobId: string; mail: MailJob } | undefined> {
    const decision = decisionOf(event);
    if (!decision) {
      deps.logger.error({ eventId: event.id, type: event.type }, 'account notice skipped: event data does not match its schema');
      return undefined;
    }
    const upTo = event.streamId === `user-${decision.userId}` ? event.revision : undefined;
    const contact = await memberContact(deps.eventStore, decision.userId, upTo);
    if (!contact) {
      deps.logger.error({ eventId: event.id, userId: decision.userId }, 'account notice skipped: no registration in the user stream');
      return undefined;
    }
    const candidate =
      decision.kind === 'approved'
        ? { template: 'account-approved', to: contact.email, data: { firstName: contact.firstName, loginUrl } }
        : { template: 'account-rejected', to: contact.email, data: { firstName: contact.firstName, reason: decision.reason } };
    // Checked here, not only by the mail worker: a job that can never be sent is better not enqueued.
    const mail = MailJob.safeParse(candidate);
    if (!mail.success) {
      deps.logger.error({ eventId: event.id, userId: decision.userId }, 'account notice skipped: no valid mail can be built');
      return undefined;
    }
    return { jobId: mailJobId(mail.data.template, event.id), mail: mail.data };
  }

  return {
    name: ACCOUNT_NOTICES,
    eventTypes: new Set(['UserApproved', 'UserRejected']),
    async react(events) {
      const notices = [];
      for (const event of events) {
        const notice = await noticeFor(event);
        if (notice) notices.push({ name: SEND_MAIL, data: notice.mail, opts: mailJobOptions(notice.jobId) });
      }
      if (notices.length > 0) await deps.mailQueue.addBulk(notices);
    },
  };
}

type Decision = { kind: 'approved'; userId: string } | { kind: 'rejected'; userId: string; reason: string };

function decisionOf(event: RecordedEvent): Decision | undefined {
  if (event.type === 'UserApproved') {
    const approved = UserApproved.safeParse(event.data);
    return approved.success ? { kind: 'approved', userId: approved.data.userId } : undefined;
  }
  if (event.type === 'UserRejected') {
    const rejected = UserRejected.safeParse(event.data);
    return rejected.success ? { kind: 'rejected', userId: rejected.data.userId, reason: rejected.data.reason } : undefined;
  }
  return undefined;
}

import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { MailJob, USERS_COLLECTION, type UserReadModel } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { SEND_MAIL, mailJobId, mailJobOptions } from '../jobs/queues.js';
import { jobBatch, type JobBatch } from './job-batch.js';
import { memberContact, type MemberContact } from './member-contact.js';
import { defineReactor, type Reactor } from './reactor.js';

/** Name of the reactor and of its checkpoint. */
export const KEY_REVEAL_NOTICES = 'key-reveal-notices';

export interface KeyRevealNoticesDeps {
  readonly eventStore: EventStore;
  /** The users read model lists who the admins are. */
  readonly readStore: ReadStore;
  /** The MAIL queue. */
  readonly mailQueue: Queue;
  readonly logger: Logger;
}

/** Thrown so the batch is retried (the checkpoint stays) while the users read model cannot name the admins yet. */
export class AdminsUnknownError extends Error {
  override readonly name = 'AdminsUnknownError';
}

const fullName = (contact: MemberContact) => `${contact.firstName} ${contact.lastName}`.trim() || contact.email;

/** A batch of notices, with the admins to tell looked up once per batch. */
interface NoticeBatch extends JobBatch {
  admins(): Promise<UserReadModel[]>;
}

/**
 * Mails every admin when one of them is shown a member's private key: who, whose, when and why.
 * One job per reveal and admin, with the id `key-revealed-<eventId>-<adminId>`: a re-delivered
 * event re-adds the same ids, which BullMQ ignores, so nobody is mailed twice. Names come from
 * the user streams as of the reveal; the admins from the users read model, which is current
 * rather than as of the reveal: an admin added before a re-delivery is told too, which is right.
 */
export function keyRevealNoticesReactor(deps: KeyRevealNoticesDeps): Reactor {
  async function admins(): Promise<UserReadModel[]> {
    const found = await deps.readStore.collection<UserReadModel>(USERS_COLLECTION).find({ filter: { role: 'admin', status: 'approved' } });
    // There is always one: whoever revealed. None means the read model is being rebuilt or lags.
    if (found.length === 0) throw new AdminsUnknownError('No administrator in the users read model yet; key-reveal notices wait for it');
    return found;
  }

  function noticeBatch(): NoticeBatch {
    let recipients: Promise<UserReadModel[]> | undefined;
    return { ...jobBatch(deps.mailQueue), admins: () => (recipients ??= admins()) };
  }

  return defineReactor({
    name: KEY_REVEAL_NOTICES,
    batch: noticeBatch,
    on: {
      async PrivateKeyRevealed(event, notices) {
        const recipients = await notices.admins();
        const { userId, revealedTo, address, revealedAt, reason } = event.data;
        const [admin, member] = await Promise.all([memberContact(deps.eventStore, revealedTo), memberContact(deps.eventStore, userId)]);
        const data = {
          adminName: admin ? fullName(admin) : `Administrator ${revealedTo}`,
          adminEmail: admin?.email ?? 'unknown',
          memberName: member ? fullName(member) : `Member ${userId}`,
          memberEmail: member?.email ?? 'unknown',
          address,
          revealedAt,
          reason: reason ?? '',
        };
        for (const recipient of recipients) {
          const mail = MailJob.safeParse({ template: 'private-key-revealed', to: recipient.email, data: { ...data, firstName: recipient.firstName } });
          if (!mail.success) {
            deps.logger.error({ eventId: event.id, adminId: recipient.id }, 'key-reveal notice skipped: no valid mail can be built');
            continue;
          }
          notices.add(SEND_MAIL, { ...mail.data, correlationId: event.metadata.correlationId }, mailJobOptions(mailJobId('key-revealed', `${event.id}-${recipient.id}`)));
        }
      },
    },
  });
}

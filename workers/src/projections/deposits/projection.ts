import { DEPOSITS_COLLECTION, DepositDetected, DepositRecorded, type DepositReadModel } from '@concierge/contracts';
import type { RecordedEvent } from '@concierge/platform/event-store/port';
import type { Projection, ProjectionContext } from '../runtime/projection.js';
import { instant, MEMBER_EVENT_TYPES, memberDirectory } from './members.js';

export { DEPOSITS_COLLECTION };
export const DEPOSIT_MEMBERS_COLLECTION = 'deposit_members';

async function apply(event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const deposits = ctx.collection<DepositReadModel>(DEPOSITS_COLLECTION);
  const members = memberDirectory<DepositReadModel>(ctx, DEPOSIT_MEMBERS_COLLECTION, DEPOSITS_COLLECTION, (names) => names);
  if (await members.apply(event)) return;
  let credit: (DepositRecorded | DepositDetected) & { source: DepositReadModel['source']; createdAt: string };
  if (event.type === 'DepositRecorded') {
    const e = DepositRecorded.parse(event.data);
    credit = { ...e, source: 'admin', createdAt: e.recordedAt };
  } else if (event.type === 'DepositDetected') {
    const e = DepositDetected.parse(event.data);
    credit = { ...e, source: 'chain', createdAt: e.detectedAt };
  } else {
    return;
  }
  const member = await members.attach(credit.userId, credit.depositId);
  await deposits.upsert({
    id: credit.depositId,
    userId: credit.userId,
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    amountMicro: credit.amountMicro,
    feeMicro: credit.feeMicro,
    feePercentageAtDeposit: credit.feePercentageAtDeposit,
    transactionHash: credit.transactionHash,
    timestamp: instant(credit.timestamp),
    source: credit.source,
    createdAt: instant(credit.createdAt),
  });
}

/** One document per credited deposit, with the member's current name. */
export const depositsProjection: Projection = {
  name: 'deposits',
  collections: [DEPOSITS_COLLECTION, DEPOSIT_MEMBERS_COLLECTION],
  eventTypes: new Set([...MEMBER_EVENT_TYPES, 'DepositRecorded', 'DepositDetected']),
  apply,
};

import { DEPOSITS_COLLECTION, type DepositReadModel, type EventData } from '@concierge/contracts';
import { defineProjection, type ProjectionContext } from '../runtime/projection.js';
import { instant, memberDirectory } from './members.js';

export { DEPOSITS_COLLECTION };
export const DEPOSIT_MEMBERS_COLLECTION = 'deposit_members';

const members = memberDirectory<DepositReadModel>(DEPOSIT_MEMBERS_COLLECTION, DEPOSITS_COLLECTION, (names) => names);

type Credit = EventData<'DepositRecorded' | 'DepositDetected'> & { source: DepositReadModel['source']; createdAt: string };

async function credited(tx: ProjectionContext, credit: Credit): Promise<void> {
  const member = await members.attach(tx, credit.userId, credit.depositId);
  await tx.collection<DepositReadModel>(DEPOSITS_COLLECTION).upsert({
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
export const depositsProjection = defineProjection({
  name: 'deposits',
  readModels: [DEPOSITS_COLLECTION, DEPOSIT_MEMBERS_COLLECTION],
  on: {
    ...members.on,
    DepositRecorded: ({ data }, tx) => credited(tx, { ...data, source: 'admin', createdAt: data.recordedAt }),
    DepositDetected: ({ data }, tx) => credited(tx, { ...data, source: 'chain', createdAt: data.detectedAt }),
  },
});

import {
  DEPOSITS_COLLECTION,
  feePercentageToNumber,
  fromMicroText,
  microToNumber,
  type DepositDto,
  type DepositReadModel,
  type DepositsQuery,
} from '@concierge/contracts';
import type { Collection, ReadStore, Sort } from '@concierge/platform/read-store/port';

/** Newest transfer first; deposits of the same instant by when they were credited. */
export const DEPOSITS_NEWEST_FIRST: readonly Sort[] = [
  { field: 'timestamp', direction: 'desc' },
  { field: 'createdAt', direction: 'desc' },
];

const deposits = (readStore: ReadStore): Collection<DepositReadModel> => readStore.collection<DepositReadModel>(DEPOSITS_COLLECTION);

export function toDepositDto(doc: DepositReadModel): DepositDto {
  const amount = microToNumber(fromMicroText(doc.amountMicro));
  return {
    _id: doc.id,
    id: doc.id,
    userId: { _id: doc.userId, firstName: doc.firstName, lastName: doc.lastName, email: doc.email },
    amount,
    amountUSD: amount,
    asset: 'USDC',
    status: 'completed',
    source: doc.source,
    timestamp: doc.timestamp,
    createdAt: doc.createdAt,
    feePercentageAtDeposit: feePercentageToNumber(doc.feePercentageAtDeposit),
    calculatedFeeUSD: microToNumber(fromMicroText(doc.feeMicro)),
    transactionHash: doc.transactionHash,
  };
}

/** Every deposit of one member, newest first. */
export async function memberDeposits(readStore: ReadStore, userId: string): Promise<DepositDto[]> {
  const docs = await deposits(readStore).find({ filter: { userId }, sort: DEPOSITS_NEWEST_FIRST });
  return docs.map(toDepositDto);
}

/** One page of all deposits (or one member's), newest first, with the exact number matching. */
export async function listDeposits(readStore: ReadStore, query: DepositsQuery): Promise<{ deposits: DepositDto[]; total: number }> {
  const filter = query.userId ? { userId: query.userId } : undefined;
  const collection = deposits(readStore);
  const [docs, total] = await Promise.all([
    collection.find({ filter, sort: DEPOSITS_NEWEST_FIRST, skip: (query.page - 1) * query.limit, limit: query.limit }),
    collection.count({ filter }),
  ]);
  return { deposits: docs.map(toDepositDto), total };
}

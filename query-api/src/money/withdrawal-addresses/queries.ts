import { WITHDRAWAL_ADDRESSES_COLLECTION, type WithdrawalAddressDto, type WithdrawalAddressReadModel } from '@concierge/contracts';
import type { ReadStore, Sort } from '@concierge/platform/read-store/port';

/** The primary address first, then the others oldest first. */
export const PRIMARY_THEN_OLDEST: readonly Sort[] = [
  { field: 'isPrimary', direction: 'desc' },
  { field: 'createdAt', direction: 'asc' },
];

export function toWithdrawalAddressDto(doc: WithdrawalAddressReadModel): WithdrawalAddressDto {
  return {
    _id: doc.id,
    id: doc.id,
    label: doc.label,
    address: doc.address,
    network: doc.network,
    isPrimary: doc.isPrimary,
    createdAt: doc.createdAt,
  };
}

/** A member's saved withdrawal addresses. */
export async function memberAddresses(readStore: ReadStore, userId: string): Promise<WithdrawalAddressDto[]> {
  const docs = await readStore
    .collection<WithdrawalAddressReadModel>(WITHDRAWAL_ADDRESSES_COLLECTION)
    .find({ filter: { userId }, sort: PRIMARY_THEN_OLDEST });
  return docs.map(toWithdrawalAddressDto);
}

/** Collection of the saved withdrawal addresses read model (projection `withdrawalAddresses`). */
export const WITHDRAWAL_ADDRESSES_COLLECTION = 'withdrawal_addresses';

/** One saved withdrawal address; removed addresses are deleted. */
export type WithdrawalAddressReadModel = {
  id: string;
  userId: string;
  label: string;
  address: string;
  network: string;
  isPrimary: boolean;
  createdAt: string;
  updatedAt: string;
};

/** Collection of the wallets read model: one document per member, id = userId. */
export const WALLETS_COLLECTION = 'wallets';
/** Collection of the accounts read model (the money of each member): id = userId. */
export const ACCOUNTS_COLLECTION = 'accounts';

/** A member's deposit wallet. `address` stays null until one is assigned. */
export type WalletReadModel = {
  id: string;
  userId: string;
  address: string | null;
  derivationIndex: number | null;
  derivationPath: string | null;
  autoWithdrawal: boolean;
  assignedAt: string | null;
  updatedAt: string;
};

/**
 * A member's money in micro-USDC digit strings (exact). balance = deposits net of fees minus
 * completed withdrawals; reserved = pending and approved withdrawals; available = balance - reserved.
 */
export type AccountReadModel = {
  id: string;
  userId: string;
  balanceMicro: string;
  reservedMicro: string;
  depositedMicro: string;
  feesMicro: string;
  withdrawnMicro: string;
  /** Withdrawals still holding a reservation, by id, with their amounts. */
  openWithdrawals: { [withdrawalId: string]: string };
  updatedAt: string;
};

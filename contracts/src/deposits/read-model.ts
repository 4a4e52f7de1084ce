/** Collection of the deposits read model, written by the workers' deposits projection. */
export const DEPOSITS_COLLECTION = 'deposits';

/**
 * A document of the deposits read model, one per credited deposit. Amounts are micro-USDC as
 * digit strings (exact at any size; the read stores sum them exactly); instants are normalised
 * ISO-8601 (`toISOString`) so they sort as text.
 */
export type DepositReadModel = {
  id: string;
  userId: string;
  /** The member's current name (kept up to date by the projection) and email. */
  firstName: string;
  lastName: string;
  email: string;
  amountMicro: string;
  feeMicro: string;
  /** The plan fee in force when the deposit was made, as canonical text such as '2.5'. */
  feePercentageAtDeposit: string;
  transactionHash: string;
  /** When the transfer happened (admin-entered, or the block time). */
  timestamp: string;
  source: 'admin' | 'chain';
  /** When the platform credited it (recordedAt or detectedAt). */
  createdAt: string;
};

import { z } from 'zod';
import { EvmAddressText, NETWORKS } from '../shared/chain.js';
import { EntityId, requiredText, statusFilter } from '../shared/fields.js';
import { MIN_AMOUNT_MICRO, usdcAmount } from '../shared/money.js';

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'completed', 'cancelled', 'rejected'] as const;
/** pending -> approved -> completed; pending -> rejected; pending or approved -> cancelled. */
export const WithdrawalStatus = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatus>;

/** Admin list filter; blank, absent or `all` means every status. */
export const WithdrawalStatusFilter = statusFilter(WITHDRAWAL_STATUSES);

export const WITHDRAWAL_AMOUNT_MESSAGE = 'Please enter a valid amount (minimum 0.01 USDC)';

/** A withdrawal amount: at least 0.01 USDC with at most 6 decimals -> bigint micro-USDC; every failure says the product's text. */
export const WithdrawalAmount = usdcAmount({ minMicro: MIN_AMOUNT_MICRO, message: WITHDRAWAL_AMOUNT_MESSAGE });

/** Why an admin rejects a withdrawal: non-blank. */
export const WithdrawalRejectionReason = requiredText('Rejection reason', 500);

/** Where the money goes: a copy of the saved address at request time, so later edits do not move it. */
export const WithdrawalDestination = z.object({
  addressId: EntityId,
  label: z.string(),
  address: EvmAddressText,
  network: z.enum(NETWORKS),
});
export type WithdrawalDestination = z.infer<typeof WithdrawalDestination>;

/** How a withdrawal was paid: by the settlement job on chain, or by an admin who entered the hash. */
export const SettlementKind = z.enum(['manual', 'onChain']);
export type SettlementKind = z.infer<typeof SettlementKind>;

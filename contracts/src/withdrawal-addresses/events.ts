import { z } from 'zod';
import { EvmAddressText, NETWORKS } from '../shared/chain.js';
import { EntityId, Instant } from '../shared/fields.js';

const saved = { userId: EntityId, addressId: EntityId, label: z.string().min(1), address: EvmAddressText, network: z.enum(NETWORKS) };

/**
 * Stream `addressBook-<userId>`: the member's saved withdrawal addresses. The first address
 * added is also made primary (a `PrimaryWithdrawalAddressSet` follows it).
 */
export const WithdrawalAddressAdded = z.object({ ...saved, addedAt: Instant });
export const WithdrawalAddressEdited = z.object({ ...saved, editedAt: Instant });
/** Removing the primary address is followed by `PrimaryWithdrawalAddressSet` for the oldest remaining one, or null. */
export const WithdrawalAddressRemoved = z.object({ userId: EntityId, addressId: EntityId, removedAt: Instant });
/** Exactly one address is primary at a time (null: none left). Withdrawals go to it unless another is chosen. */
export const PrimaryWithdrawalAddressSet = z.object({ userId: EntityId, addressId: EntityId.nullable(), setAt: Instant });

export const withdrawalAddressEvents = {
  WithdrawalAddressAdded,
  WithdrawalAddressEdited,
  WithdrawalAddressRemoved,
  PrimaryWithdrawalAddressSet,
} as const;

export type WithdrawalAddressAdded = z.infer<typeof WithdrawalAddressAdded>;
export type WithdrawalAddressEdited = z.infer<typeof WithdrawalAddressEdited>;
export type WithdrawalAddressRemoved = z.infer<typeof WithdrawalAddressRemoved>;
export type PrimaryWithdrawalAddressSet = z.infer<typeof PrimaryWithdrawalAddressSet>;

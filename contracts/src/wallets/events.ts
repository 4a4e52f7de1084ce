import { z } from 'zod';
import { EvmAddressText } from '../shared/chain.js';
import { EntityId, Instant } from '../shared/fields.js';

/**
 * Stream `walletIndex-<index>`, appended with "no stream": claims one BIP-44 derivation index
 * for one member, so two members can never share a deposit address.
 */
export const DerivationIndexReserved = z.object({ derivationIndex: z.number().int().nonnegative(), userId: EntityId, reservedAt: Instant });

/** Stream `wallet-<userId>`: the member's deposit address, derived at `derivationPath` from the master mnemonic. */
export const DepositAddressAssigned = z.object({
  userId: EntityId,
  address: EvmAddressText,
  derivationIndex: z.number().int().nonnegative(),
  /** e.g. m/44'/60'/0'/0/17. The private key itself is never stored anywhere. */
  derivationPath: z.string().regex(/^m(\/\d+'?)+$/),
  assignedAt: Instant,
});

/** Audit: an admin (the event's actor) was shown the private key of this member's deposit address. */
export const PrivateKeyRevealed = z.object({ userId: EntityId, address: EvmAddressText, revealedTo: EntityId, revealedAt: Instant });

/** The member switched automatic withdrawal to their primary address on or off. */
export const AutoWithdrawalConfigured = z.object({ userId: EntityId, enabled: z.boolean(), configuredAt: Instant });

export const walletEvents = { DerivationIndexReserved, DepositAddressAssigned, PrivateKeyRevealed, AutoWithdrawalConfigured } as const;

export type DerivationIndexReserved = z.infer<typeof DerivationIndexReserved>;
export type DepositAddressAssigned = z.infer<typeof DepositAddressAssigned>;
export type PrivateKeyRevealed = z.infer<typeof PrivateKeyRevealed>;
export type AutoWithdrawalConfigured = z.infer<typeof AutoWithdrawalConfigured>;

import { z } from 'zod';
import { TokenHash } from '../auth/fields.js';
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

/**
 * Audit: an admin (the event's actor) was shown the private key of this member's deposit address,
 * for the reason they typed at the step-up. Reveals recorded before the step-up existed have no reason.
 */
export const PrivateKeyRevealed = z.object({
  userId: EntityId,
  address: EvmAddressText,
  revealedTo: EntityId,
  revealedAt: Instant,
  reason: z.string().optional(),
});

/**
 * Stream `stepUp-<adminId>`: the admin re-entered their password and gave a reason, which yields a
 * single-use grant to reveal one member's key in one session until `expiresAt`. Only the grant's
 * SHA-256 is stored; the grant itself exists only in the response.
 */
export const StepUpGranted = z.object({
  adminId: EntityId,
  sessionId: EntityId,
  memberId: EntityId,
  /** The grant's id; its secret's hash is in the credential store under `secretId` (command side only). */
  grantId: EntityId.optional(),
  secretId: EntityId.optional(),
  /** Legacy: the grant's SHA-256 (grants before the credential store). */
  grantHash: TokenHash.optional(),
  reason: z.string().min(1),
  grantedAt: Instant,
  expiresAt: Instant,
});

/** A step-up refused for a wrong password; it counts towards the admin's hourly limit like a grant. */
export const StepUpRefused = z.object({ adminId: EntityId, sessionId: EntityId, memberId: EntityId, refusedAt: Instant });

/** The grant was spent on the one reveal it allows; a second use is refused. */
export const StepUpGrantUsed = z.object({ adminId: EntityId, memberId: EntityId, grantId: EntityId.optional(), grantHash: TokenHash.optional(), usedAt: Instant });

/** The member switched automatic withdrawal to their primary address on or off. */
export const AutoWithdrawalConfigured = z.object({ userId: EntityId, enabled: z.boolean(), configuredAt: Instant });

export const walletEvents = {
  DerivationIndexReserved,
  DepositAddressAssigned,
  PrivateKeyRevealed,
  AutoWithdrawalConfigured,
  StepUpGranted,
  StepUpRefused,
  StepUpGrantUsed,
} as const;

export type DerivationIndexReserved = z.infer<typeof DerivationIndexReserved>;
export type DepositAddressAssigned = z.infer<typeof DepositAddressAssigned>;
export type PrivateKeyRevealed = z.infer<typeof PrivateKeyRevealed>;
export type AutoWithdrawalConfigured = z.infer<typeof AutoWithdrawalConfigured>;
export type StepUpGranted = z.infer<typeof StepUpGranted>;
export type StepUpRefused = z.infer<typeof StepUpRefused>;
export type StepUpGrantUsed = z.infer<typeof StepUpGrantUsed>;

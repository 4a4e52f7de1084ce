import { z } from 'zod';
import { EvmAddressText } from '../shared/chain.js';
import { defineCommand } from '../shared/command.js';
import { EntityId } from '../shared/fields.js';

/**
 * Give an approved member a deposit address. The handler reserves the next free index
 * (`walletIndex-<n>`, "no stream", retrying on conflict) and derives the address first.
 */
export const AssignDepositAddress = defineCommand('AssignDepositAddress', {
  userId: EntityId,
  derivationIndex: z.number().int().nonnegative(),
  derivationPath: z.string().min(1),
  address: EvmAddressText,
});

/**
 * An admin asks to see a member's private key, for the reason given at the step-up whose grant the
 * request spent; deciding appends the audit event before the key is derived.
 */
export const RevealPrivateKey = defineCommand('RevealPrivateKey', { userId: EntityId, reason: z.string().min(1) });

export const ConfigureAutoWithdrawal = defineCommand('ConfigureAutoWithdrawal', { userId: EntityId, enabled: z.boolean() });

export const walletCommands = { AssignDepositAddress, RevealPrivateKey, ConfigureAutoWithdrawal } as const;

export type AssignDepositAddress = z.infer<typeof AssignDepositAddress>;
export type RevealPrivateKey = z.infer<typeof RevealPrivateKey>;
export type ConfigureAutoWithdrawal = z.infer<typeof ConfigureAutoWithdrawal>;
export type WalletCommand = z.infer<(typeof walletCommands)[keyof typeof walletCommands]>;

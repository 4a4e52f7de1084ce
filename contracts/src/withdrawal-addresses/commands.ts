import { z } from 'zod';
import { EvmAddressText, NETWORKS } from '../shared/chain.js';
import { defineCommand } from '../shared/command.js';
import { EntityId } from '../shared/fields.js';

const saved = { userId: EntityId, addressId: EntityId, label: z.string().min(1), address: EvmAddressText, network: z.enum(NETWORKS) };

export const AddWithdrawalAddress = defineCommand('AddWithdrawalAddress', saved);
export const EditWithdrawalAddress = defineCommand('EditWithdrawalAddress', saved);
export const RemoveWithdrawalAddress = defineCommand('RemoveWithdrawalAddress', { userId: EntityId, addressId: EntityId });
export const SetPrimaryWithdrawalAddress = defineCommand('SetPrimaryWithdrawalAddress', { userId: EntityId, addressId: EntityId });

export const withdrawalAddressCommands = {
  AddWithdrawalAddress,
  EditWithdrawalAddress,
  RemoveWithdrawalAddress,
  SetPrimaryWithdrawalAddress,
} as const;

export type AddWithdrawalAddress = z.infer<typeof AddWithdrawalAddress>;
export type EditWithdrawalAddress = z.infer<typeof EditWithdrawalAddress>;
export type RemoveWithdrawalAddress = z.infer<typeof RemoveWithdrawalAddress>;
export type SetPrimaryWithdrawalAddress = z.infer<typeof SetPrimaryWithdrawalAddress>;
export type WithdrawalAddressCommand = z.infer<(typeof withdrawalAddressCommands)[keyof typeof withdrawalAddressCommands]>;

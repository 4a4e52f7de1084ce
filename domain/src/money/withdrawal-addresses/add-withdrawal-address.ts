import { randomUUID } from 'node:crypto';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { withdrawalAddressesAggregate } from './decide.js';
import { addressAfter, checksummed, type AddressInput, type WithdrawalAddressAfter } from './saved-address.js';

/** A member saves a withdrawal address (the first one becomes primary). */
export async function addWithdrawalAddress(deps: AggregateDeps, input: AddressInput & { readonly userId: string }, ctx: CommandContext): Promise<WithdrawalAddressAfter> {
  const addressId = randomUUID();
  const data = { userId: input.userId, addressId, label: input.label, address: checksummed(input.address), network: input.network };
  const { newState, position } = await withdrawalAddressesAggregate.handle(deps, input.userId, { type: 'AddWithdrawalAddress', data, metadata: commandMetadata(ctx) }, ctx);
  return addressAfter(newState, addressId, position);
}

import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { withdrawalAddressesAggregate } from './decide.js';
import { addressAfter, addressIdOf, checksummed, type AddressInput, type WithdrawalAddressAfter } from './saved-address.js';

/** A member edits one of their saved addresses. */
export async function editWithdrawalAddress(
  deps: AggregateDeps,
  input: AddressInput & { readonly userId: string; readonly addressId: string },
  ctx: CommandContext,
): Promise<WithdrawalAddressAfter> {
  const addressId = addressIdOf(input.addressId);
  const data = { userId: input.userId, addressId, label: input.label, address: checksummed(input.address), network: input.network };
  const { newState, position } = await withdrawalAddressesAggregate.handle(deps, input.userId, { type: 'EditWithdrawalAddress', data, metadata: commandMetadata(ctx) }, ctx);
  return addressAfter(newState, addressId, position);
}

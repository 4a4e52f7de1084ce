import type { Position } from '@concierge/platform/event-store/position';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { withdrawalAddressesAggregate } from './decide.js';
import { addressIdOf } from './saved-address.js';

/** A member makes one of their saved addresses the primary one. */
export async function setPrimaryWithdrawalAddress(
  deps: AggregateDeps,
  input: { readonly userId: string; readonly addressId: string },
  ctx: CommandContext,
): Promise<Position | null> {
  const data = { userId: input.userId, addressId: addressIdOf(input.addressId) };
  return (await withdrawalAddressesAggregate.handle(deps, input.userId, { type: 'SetPrimaryWithdrawalAddress', data, metadata: commandMetadata(ctx) }, ctx)).position;
}

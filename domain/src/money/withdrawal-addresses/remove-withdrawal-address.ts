import type { Position } from '@concierge/platform/event-store/position';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { withdrawalAddressesAggregate } from './decide.js';
import { addressIdOf } from './saved-address.js';

/** A member removes one of their saved addresses (a removed primary hands primacy to the oldest one left). */
export async function removeWithdrawalAddress(
  deps: AggregateDeps,
  input: { readonly userId: string; readonly addressId: string },
  ctx: CommandContext,
): Promise<Position | null> {
  const data = { userId: input.userId, addressId: addressIdOf(input.addressId) };
  return (await withdrawalAddressesAggregate.handle(deps, input.userId, { type: 'RemoveWithdrawalAddress', data, metadata: commandMetadata(ctx) }, ctx)).position;
}

import { streamName, type DepositNotCredited } from '@concierge/contracts';
import type { AggregateDeps } from '../../shared/aggregate.js';
import type { CommandContext } from '../../shared/command-context.js';
import { reserve } from '../../shared/reservation.js';

/**
 * A detected transfer to an account that may not be credited is kept once in
 * `heldDeposit-<depositId>` (its hash stays unclaimed, so an admin can record it later). True
 * when this call recorded it; false when a re-scan finds it recorded already.
 */
export async function recordHeldDeposit(deps: AggregateDeps, data: DepositNotCredited, ctx: CommandContext): Promise<boolean> {
  const reservation = await reserve(deps.eventStore, streamName('heldDeposit', data.depositId), { type: 'DepositNotCredited', data }, ctx);
  return reservation.held;
}

import { NotFoundError } from '@concierge/platform/errors';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { NO_DEPOSIT_ADDRESS_MESSAGE, walletAggregate } from './decide.js';
import type { DepositAddress } from './wallet.js';

/** The member's deposit address, or 404 before anything is counted, spent or recorded. */
export async function depositAddressOf(deps: AggregateDeps, memberId: string): Promise<DepositAddress> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(memberId)) throw new NotFoundError(NO_DEPOSIT_ADDRESS_MESSAGE);
  const { deposit } = await walletAggregate.load(deps, memberId);
  if (deposit === null) throw new NotFoundError(NO_DEPOSIT_ADDRESS_MESSAGE);
  return deposit;
}

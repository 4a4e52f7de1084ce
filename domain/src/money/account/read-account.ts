import type { AggregateDeps } from '../../shared/aggregate.js';
import type { AccountState } from './account.js';
import { accountAggregate } from './decide.js';

/** The member's account as its events tell it, read on the write side (never from a read model that may lag). */
export function readAccount(deps: AggregateDeps, userId: string): Promise<AccountState> {
  return accountAggregate.load(deps, userId);
}

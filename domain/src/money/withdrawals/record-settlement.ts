import type { AggregateDeps, Decision } from '../../shared/aggregate.js';
import type { CommandContext } from '../../shared/command-context.js';
import type { AccountEvent, AccountState } from '../account/account.js';
import { accountAggregate, type AccountCommand } from '../account/decide.js';

/** The facts the settlement job records about an on-chain payout, ending with its completion. */
export type SettlementFact = Extract<
  AccountCommand,
  {
    type:
      | 'RecordWithdrawalSettlementSigned'
      | 'RecordWithdrawalSettlementReplaced'
      | 'RecordWithdrawalSettlementBroadcast'
      | 'RecordWithdrawalSettlementDelayed'
      | 'RecordWithdrawalSettlementFailed'
      | 'CompleteWithdrawal';
  }
>;

/**
 * Records one settlement fact on the member's account. The decider makes each one safe to repeat:
 * the job may crash after appending and before acknowledging. The payout's hash is claimed by the
 * job when it signs (`claimPayoutTransaction`), before the fact that names it.
 */
export function recordSettlement(deps: AggregateDeps, fact: SettlementFact, ctx: CommandContext): Promise<Decision<AccountState, AccountEvent>> {
  return accountAggregate.handle(deps, fact.data.userId, fact, ctx);
}

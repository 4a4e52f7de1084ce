import { readAccount } from '../../money/account/read-account.js';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { ledgerSources, LEDGER_SYMBOL } from '../sources/ledger.js';
import type { PortfolioSources } from '../sources/ports.js';

/** USDC's display name in ledger mode (the registry's name for it on chain). */
export const LEDGER_TOKEN_NAME = 'USD Coin';

/**
 * Ledger-mode sources over the event store: the member's credited USDC is their `account-<userId>`
 * balance (deposits net of fees, less completed withdrawals), held as one USDC holding at 1.
 */
export function ledgerSourcesOf(deps: AggregateDeps, now: () => Date = () => new Date()): PortfolioSources {
  return ledgerSources({ creditedMicro: async (userId) => (await readAccount(deps, userId)).balanceMicro, now });
}

export const ledgerTokenName = (symbol: string): string => (symbol === LEDGER_SYMBOL ? LEDGER_TOKEN_NAME : symbol);

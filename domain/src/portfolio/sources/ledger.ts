import { USDC_DECIMALS } from '@concierge/contracts';
import type { HoldingsRound, PortfolioSources, PriceRound, ReadPin, TokenBalance } from './ports.js';

/** The one token the ledger knows: USDC, worth exactly one dollar. */
export const LEDGER_SYMBOL = 'USDC';

export interface LedgerSourcesDeps {
  /** The member's credited USDC balance in micro-USDC (money's account-<userId>). */
  creditedMicro(userId: string): Promise<bigint>;
  /** Now; a round's pin takes its time from here. */
  now(): Date;
}

/**
 * Sources for when no chain is configured (`npm start` with nothing set): a member holds their
 * credited USDC balance as one USDC holding, priced at 1 exactly and never stale.
 */
export function ledgerSources(deps: LedgerSourcesDeps): PortfolioSources {
  return {
    kind: 'ledger',
    pins: {
      kind: 'ledger',
      async pin(): Promise<ReadPin> {
        const now = deps.now().getTime();
        return { blockNumber: null, timestamp: Math.floor(now / 1000), instantMs: now };
      },
    },
    holdings: {
      kind: 'ledger',
      async balances(members, pin): Promise<HoldingsRound> {
        const holdings = new Map<string, readonly TokenBalance[]>();
        for (const member of members) {
          const balance = await deps.creditedMicro(member.userId);
          holdings.set(member.userId, [{ symbol: LEDGER_SYMBOL, decimals: USDC_DECIMALS, balance }]);
        }
        return { pin, holdings, failures: [] };
      },
    },
    prices: {
      kind: 'ledger',
      async prices(pin): Promise<PriceRound> {
        const usdc = { symbol: LEDGER_SYMBOL, answer: 1n, decimals: 0, updatedAt: pin.timestamp, stale: false };
        return { pin, prices: new Map([[LEDGER_SYMBOL, usdc]]), failures: [] };
      },
    },
  };
}

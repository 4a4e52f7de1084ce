import { streamName, type RiskLevel, type strategyGroupEvents } from '@concierge/contracts';
import type { EventOf } from '../shared/event-union.js';

/** `strategy-<strategyId>`: one strategy group. */
export const strategyStreamId = (strategyId: string) => streamName('strategy', strategyId);
/** `strategyName-<key>`: the claim of a group name, unique ignoring case (the portfolio's breakdown is keyed by it). */
export const strategyNameStreamId = (key: string) => streamName('strategyName', key);
/** `strategyToken-<SYMBOL>`: the one group that lists a token symbol (the portfolio classifies each holding by it). */
export const strategyTokenStreamId = (symbol: string) => streamName('strategyToken', symbol);

export type StrategyEvent = EventOf<keyof typeof strategyGroupEvents>;

export interface StrategyFields {
  readonly name: string;
  readonly displayName: string;
  readonly description: string;
  /** Upper-case hex with its #, e.g. #22C55E. */
  readonly color: string;
  readonly riskLevel: RiskLevel;
  /** 0 to 1 in steps of 0.1. */
  readonly riskWeight: number;
  /** Upper-cased, unique, in the order given. */
  readonly tokenSymbols: readonly string[];
}

export interface StrategyGroup extends StrategyFields {
  readonly strategyId: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export type StrategyState = { readonly status: 'none' } | ({ readonly status: 'live' | 'deleted' } & StrategyGroup);

export const initialStrategyState: StrategyState = { status: 'none' };

export function evolveStrategy(state: StrategyState, event: StrategyEvent): StrategyState {
  switch (event.type) {
    case 'StrategyGroupCreated': {
      const { createdAt, ...fields } = event.data;
      return { status: 'live', ...fields, createdAt, updatedAt: createdAt };
    }
    case 'StrategyGroupUpdated': {
      if (state.status === 'none') return state;
      const { updatedAt, ...fields } = event.data;
      return { ...state, ...fields, updatedAt };
    }
    case 'StrategyGroupDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted', updatedAt: event.data.deletedAt };
  }
}

/** The groups a fresh install starts with (editable and deletable like any other), in the portfolio's breakdown colours. */
export const SEED_STRATEGY_GROUPS: readonly (StrategyFields & { readonly strategyId: string })[] = [
  {
    strategyId: 'stablecoins',
    name: 'stablecoins',
    displayName: 'Stablecoins',
    description: 'Dollar-pegged tokens: the steady part of a portfolio.',
    color: '#22C55E',
    riskLevel: 'conservative',
    riskWeight: 0.1,
    tokenSymbols: ['USDC', 'USDT', 'DAI'],
  },
  {
    strategyId: 'large-caps',
    name: 'largeCaps',
    displayName: 'Large Caps',
    description: 'The largest, most traded crypto assets.',
    color: '#3B82F6',
    riskLevel: 'moderate',
    riskWeight: 0.5,
    tokenSymbols: ['WETH', 'WBTC', 'WAVAX'],
  },
  {
    strategyId: 'others',
    name: 'others',
    displayName: 'Others',
    description: 'Smaller DeFi tokens with more upside and more risk.',
    color: '#F59E0B',
    riskLevel: 'aggressive',
    riskWeight: 0.9,
    tokenSymbols: ['LINK', 'UNI', 'AAVE'],
  },
];

// The simulated market's state: every feed's latest answer and the seeded walk that moves them, one
// step at a time, shared by the history the demo builds and the live simulator that follows it.
import { LOCAL_FEED_DECIMALS, LOCAL_STARTING_PRICES } from '@concierge/workers/chain/testing/local-market';
import { nextAnswer, seededRandom, type WalkStep } from './random-walk.js';

/** How far a price moves in one step: an hour of history moves more than the live simulator's few seconds. */
export type Walk = Omit<WalkStep, 'peg'>;
export const HOURLY_WALK: Walk = { maxMoveBps: 60, maxPegDeviationBps: 5 };
export const LIVE_WALK: Walk = { maxMoveBps: 15, maxPegDeviationBps: 5 };

export interface Market {
  /** Moves every feed one step of `walk` and answers the new answers, symbol by symbol. */
  step(walk: Walk): [string, bigint][];
}

const PEG = 10n ** BigInt(LOCAL_FEED_DECIMALS);

export function simulatedMarket(symbols: readonly string[], seed: number): Market {
  const random = seededRandom(seed);
  const answers = new Map(symbols.map((symbol) => [symbol, LOCAL_STARTING_PRICES[symbol] ?? PEG]));
  return {
    step: (walk) =>
      symbols.map((symbol) => {
        const answer = nextAnswer(symbol, answers.get(symbol) ?? PEG, random, { ...walk, peg: PEG });
        answers.set(symbol, answer);
        return [symbol, answer];
      }),
  };
}

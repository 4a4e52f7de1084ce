// The simulated market's prices: a seeded random walk per feed, in the feeds' integer units (no
// floats), so a demo started with the same DEMO_SEED moves the same way.

/** A small seeded generator (mulberry32): the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Dollar-pegged symbols stay within a few basis points of 1 instead of wandering off. */
const PEGGED = new Set(['USDC', 'USDT', 'DAI']);

export interface WalkStep {
  /** Largest move of a free-floating price in one step, in basis points. */
  readonly maxMoveBps: number;
  /** The peg (1 in the feed's units, e.g. 10^8) and the largest distance from it, in basis points. */
  readonly peg: bigint;
  readonly maxPegDeviationBps: number;
}

/** Moves `answer` one step: a uniform move of at most maxMoveBps; pegged symbols hover around the peg. */
export function nextAnswer(symbol: string, answer: bigint, random: () => number, step: WalkStep): bigint {
  const bps = (max: number) => BigInt(Math.floor(random() * (2 * max + 1)) - max);
  if (PEGGED.has(symbol)) return step.peg + (step.peg * bps(step.maxPegDeviationBps)) / 10_000n;
  const moved = (answer * (10_000n + bps(step.maxMoveBps))) / 10_000n;
  return moved > 0n ? moved : 1n;
}

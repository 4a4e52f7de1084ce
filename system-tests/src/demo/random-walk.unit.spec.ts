import { describe, expect, it } from 'vitest';
import { nextAnswer, seededRandom } from './random-walk.js';

const STEP = { maxMoveBps: 50, peg: 100_000_000n, maxPegDeviationBps: 5 };

describe("the demo market's random walk", () => {
  it('repeats itself for one seed and differs for another', () => {
    const walk = (seed: number) => {
      const random = seededRandom(seed);
      let answer = 3_000n * 10n ** 8n;
      const path: bigint[] = [];
      for (let i = 0; i < 50; i += 1) path.push((answer = nextAnswer('WETH', answer, random, STEP)));
      return path;
    };
    expect(walk(7)).toEqual(walk(7));
    expect(walk(7)).not.toEqual(walk(8));
  });

  it('moves a free price by at most maxMoveBps a step, and keeps it positive', () => {
    const random = seededRandom(1);
    let answer = 60_000n * 10n ** 8n;
    for (let i = 0; i < 1_000; i += 1) {
      const next = nextAnswer('WBTC', answer, random, STEP);
      const bound = (answer * 50n) / 10_000n + 1n;
      expect(next - answer <= bound && answer - next <= bound).toBe(true);
      answer = next;
    }
    expect(nextAnswer('LINK', 1n, () => 0, STEP)).toBe(1n);
  });

  it('keeps a pegged price within maxPegDeviationBps of the peg', () => {
    const random = seededRandom(3);
    const seen = new Set<bigint>();
    for (let i = 0; i < 1_000; i += 1) {
      const answer = nextAnswer('USDC', 100_000_000n, random, STEP);
      expect(answer >= 99_950_000n && answer <= 100_050_000n).toBe(true);
      seen.add(answer);
    }
    expect(seen.size).toBeGreaterThan(5);
  });
});

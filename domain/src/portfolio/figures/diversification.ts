import type { Breakdown } from './breakdown.js';
import { compare, ratio, type Ratio } from './ratio.js';

export type DiversificationScore = 25 | 50 | 75 | 90;
export type DiversificationLabel = 'Highly concentrated' | 'Concentrated' | 'Moderately diversified' | 'Well diversified';

export interface Diversification {
  readonly score: DiversificationScore;
  readonly label: DiversificationLabel;
}

/** From the largest group's share (0 to 1, exact): over 80 % gives 25, over 60 % 50, over 40 % 75, otherwise 90. */
export function diversificationScore(largestShare: Ratio): DiversificationScore {
  if (compare(largestShare, ratio(80n, 100n)) > 0) return 25;
  if (compare(largestShare, ratio(60n, 100n)) > 0) return 50;
  if (compare(largestShare, ratio(40n, 100n)) > 0) return 75;
  return 90;
}

/**
 * The words for a score: below 25 Highly concentrated, then Concentrated, 50 and above Moderately
 * diversified, 75 and above Well diversified. (The lowest score given is 25, so a portfolio in
 * one group reads Concentrated.)
 */
export function diversificationLabel(score: number): DiversificationLabel {
  if (score >= 75) return 'Well diversified';
  if (score >= 50) return 'Moderately diversified';
  return score >= 25 ? 'Concentrated' : 'Highly concentrated';
}

/** The portfolio's diversification from its breakdown; null when nothing is held. */
export function diversification(breakdown: Breakdown): Diversification | null {
  if (breakdown.totalValueMicro === 0n) return null;
  const largestMicro = breakdown.entries.reduce((largest, entry) => (entry.valueMicro > largest ? entry.valueMicro : largest), 0n);
  const score = diversificationScore(ratio(largestMicro, breakdown.totalValueMicro));
  return { score, label: diversificationLabel(score) };
}

import type { RiskLevel } from '@concierge/contracts';
import type { Breakdown } from './breakdown.js';
import { fixedText, ratio, roundToDecimals } from './ratio.js';

/** The risk score's fraction digits (0 to 1); shown times 100 it keeps two. */
export const RISK_SCORE_DECIMALS = 4;

/**
 * Level thresholds on the score as shown (rounded to `RISK_SCORE_DECIMALS`): up to 0.3 conservative,
 * up to 0.6 moderate, above aggressive. They are the ones a strategy group's own level defaults to
 * (`riskLevelForWeight` in contracts' strategies fields), so a portfolio held in one group reads as
 * that group does; deciding on the rounded score means the number shown and the level never disagree.
 */
export const CONSERVATIVE_UP_TO = 3_000n;
export const MODERATE_UP_TO = 6_000n;

export interface RiskProfile {
  /** The value-weighted mean of the groups' risk weights, 0 to 1, e.g. '0.3400'. */
  readonly score: string;
  /** The score times 100, as the UI shows it, e.g. '34.00'. */
  readonly scoreOutOf100: string;
  readonly level: RiskLevel;
}

/** A score in ten-thousandths (0 to 10000) -> its level. */
export function riskLevelOfScore(scoreTenThousandths: bigint): RiskLevel {
  if (scoreTenThousandths <= CONSERVATIVE_UP_TO) return 'conservative';
  return scoreTenThousandths <= MODERATE_UP_TO ? 'moderate' : 'aggressive';
}

/** The portfolio's risk from its breakdown; null when nothing is held (there is no risk to weigh). */
export function riskProfile(breakdown: Breakdown): RiskProfile | null {
  if (breakdown.totalValueMicro === 0n) return null;
  const weightedTenths = breakdown.entries.reduce((sum, entry) => sum + entry.valueMicro * BigInt(entry.riskTenths), 0n);
  const scaled = roundToDecimals(ratio(weightedTenths, 10n * breakdown.totalValueMicro), RISK_SCORE_DECIMALS);
  return {
    score: fixedText(scaled, RISK_SCORE_DECIMALS),
    scoreOutOf100: fixedText(scaled, RISK_SCORE_DECIMALS - 2),
    level: riskLevelOfScore(scaled),
  };
}

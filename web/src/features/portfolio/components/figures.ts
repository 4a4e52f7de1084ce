import { formatAmount } from '../../../lib/format';

/** Shown where a figure is not known (no portfolio valuation yet): never an invented number. */
export const UNKNOWN = '—';

/** "1,234.5 USDC", or "—" when unknown. */
export function usdc(value: number | null | undefined): string {
  return value === null || value === undefined ? UNKNOWN : `${formatAmount(value)} USDC`;
}

/** A percentage with two decimals, signed when it is a change: "+1.25%". */
export function percent(value: number | null | undefined, signed = false): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return UNKNOWN;
  const text = `${value.toFixed(2)}%`;
  return signed && value > 0 ? `+${text}` : text;
}

/** A risk score between 0 and 1 is shown out of 100. */
export function riskScore(score: number | null | undefined): string {
  return score === null || score === undefined || !Number.isFinite(score) ? UNKNOWN : `${Math.round(score * 100)}/100`;
}

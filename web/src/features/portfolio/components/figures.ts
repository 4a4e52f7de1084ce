import type { PortfolioBreakdownEntry, PortfolioPerformanceResponse, RiskLevel } from '@concierge/contracts';
import { formatAmount } from '../../../lib/format';

/** Shown where a figure is not known (no portfolio valuation yet): never an invented number. */
export const UNKNOWN = '—';

/** "1,234.5 USDC", or "—" when unknown. */
export function usdc(value: number | null | undefined): string {
  return value === null || value === undefined ? UNKNOWN : `${formatAmount(value)} USDC`;
}

/** A signed amount for a change: "+12.5 USDC", "−3 USDC", "0 USDC"; "—" when unknown. */
export function signedUsdc(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return UNKNOWN;
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  return `${sign}${formatAmount(Math.abs(value))} USDC`;
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

export const RISK_LEVEL_LABELS: Readonly<Record<RiskLevel, string>> = {
  conservative: 'Conservative',
  moderate: 'Moderate',
  aggressive: 'Aggressive',
};

/**
 * The levels' colours: conservative green, moderate yellow, aggressive red, in the darker shades
 * that keep text readable on white (the theme's warning is amber, not yellow).
 */
export const RISK_LEVEL_COLOURS: Readonly<Record<RiskLevel, string>> = {
  conservative: '#15803d',
  moderate: '#a16207',
  aggressive: '#b91c1c',
};

/** The portfolio has been valued at least once: its figures are real, not the zeros of "no snapshot yet". */
export function isValued(figures: PortfolioPerformanceResponse | null | undefined): figures is PortfolioPerformanceResponse {
  return figures !== null && figures !== undefined && figures.asOf !== null;
}

/** One strategy group as the screens show it. */
export type BreakdownGroup = PortfolioBreakdownEntry & { name: string };

/** The groups to show, largest first: hidden ones (below 0.01 %, or nothing held) are left out. */
export function visibleGroups(breakdown: PortfolioPerformanceResponse['breakdown']): BreakdownGroup[] {
  return Object.entries(breakdown)
    .filter(([, entry]) => !entry.hidden)
    .map(([name, entry]) => ({ ...entry, name }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
}

/** A holding's strategy as people read it: the group's display name, else its key. */
export function strategyName(breakdown: PortfolioPerformanceResponse['breakdown'], strategy: string): string {
  return breakdown[strategy]?.displayName ?? strategy;
}

const timeFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** A valuation time such as "Nov 24, 2026, 12:00 PM"; the input unchanged when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}

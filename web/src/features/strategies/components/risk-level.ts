import type { RiskLevel } from '@concierge/contracts';

/** The levels' labels, in the order the select lists them. */
export const RISK_LEVEL_LABELS: Readonly<Record<RiskLevel, string>> = {
  conservative: 'Conservative',
  moderate: 'Moderate',
  aggressive: 'Aggressive',
};

/** Chip colours of the levels: conservative green, moderate yellow, aggressive red. */
export const RISK_LEVEL_CHIP: Readonly<Record<RiskLevel, 'success' | 'warning' | 'error'>> = {
  conservative: 'success',
  moderate: 'warning',
  aggressive: 'error',
};

/** `#RGB` or `#RRGGBB` as the `#rrggbb` a colour input takes; anything else gives `fallback`. */
export function colourInputValue(hex: string | null | undefined, fallback: string): string {
  const text = (hex ?? '').trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(text)) return text;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  return fallback.toLowerCase();
}

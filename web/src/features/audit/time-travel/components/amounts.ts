import type { ExactAmount } from '@concierge/contracts/audit/time-travel';

/** An exact amount as USDC text with thousands separators, never through a float: '1234567.5' -> '1,234,567.5 USDC'. */
export function usdcText(amount: ExactAmount): string {
  const [whole = '0', fraction] = amount.usdc.split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`} USDC`;
}

/** The value of a `datetime-local` input (read as UTC) as the instant the API takes; undefined when blank. */
export function instantOfInput(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : `${trimmed}Z`;
}

/** Now, in UTC to the millisecond, as a `datetime-local` input's value. */
export function nowAsInput(now = new Date()): string {
  return now.toISOString().slice(0, 23);
}

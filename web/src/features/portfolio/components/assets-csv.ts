import type { PortfolioPerformanceResponse } from '@concierge/contracts';
import { saveAsFile } from '../../../lib/save-file';
import { strategyName } from './figures';

/** The file Export CSV saves. */
export const ASSETS_CSV_FILE = 'portfolio-assets.csv';

const HEADER = ['Asset', 'Symbol', 'Balance', 'Price', 'Value', 'Strategy'] as const;

/** A number as plain decimal text: no thousands separators, no exponent, up to 8 decimals. */
function plainNumber(value: number): string {
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 8 });
}

/**
 * One field of RFC 4180: quoted when it holds a comma, a quote or a line break, with quotes doubled.
 * Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) starts with a `'`.
 */
export function csvField(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Every holding (not only the page on screen) as CSV: a header row, then one row per asset, CRLF line ends. */
export function assetsCsv(figures: Pick<PortfolioPerformanceResponse, 'holdings' | 'breakdown'>): string {
  const rows = figures.holdings.map((holding) => [
    csvField(holding.name),
    csvField(holding.symbol),
    plainNumber(holding.balance),
    plainNumber(holding.price),
    plainNumber(holding.value),
    csvField(strategyName(figures.breakdown, holding.strategy)),
  ]);
  return [HEADER.join(','), ...rows.map((row) => row.join(','))].join('\r\n') + '\r\n';
}

/** Saves `text` as a CSV file. */
export function downloadCsv(text: string, fileName = ASSETS_CSV_FILE): void {
  saveAsFile(text, fileName, 'text/csv;charset=utf-8');
}

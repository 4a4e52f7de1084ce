const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** A calendar date such as "Mar 5, 2026"; the input unchanged when it is not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** First letter of each word, upper-cased, cut to 2 characters; CC when there is none. */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .map((word) => word.charAt(0))
    .join('')
    .toUpperCase()
    .slice(0, 2);
  return letters === '' ? 'CC' : letters;
}

/** Amounts show up to 8 decimals (never rounded to fewer), with thousands separators. */
export function formatAmount(amount: number): string {
  return amount.toLocaleString('en-US', { maximumFractionDigits: 8 });
}

/** Admin tables show an address as its first 6 and last 4 characters. */
export function shortenAddress(address: string): string {
  return address.length <= 12 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** A transaction hash is shown as its first 10 characters. */
export function shortenHash(hash: string): string {
  return hash.length <= 10 ? hash : `${hash.slice(0, 10)}…`;
}

/** The block-explorer page of a transaction. */
export function explorerTxLink(explorerTxUrl: string, hash: string): string {
  return `${explorerTxUrl}${encodeURIComponent(hash)}`;
}

/**
 * Read-your-writes: every command answers with the global position of its last event; sending
 * the highest one seen back as `X-Min-Position` makes the query API wait until its read models
 * include that change, so a page never shows data older than what the user just did.
 */

const POSITION = /^(\d{1,20})-(\d{1,20})$/;

type Parsed = readonly [bigint, bigint];

function parse(position: string): Parsed | undefined {
  const match = POSITION.exec(position);
  if (!match?.[1] || !match[2]) return undefined;
  return [BigInt(match[1]), BigInt(match[2])];
}

function isAfter(a: Parsed, b: Parsed): boolean {
  return a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);
}

/** Keeps the highest position seen; responses of concurrent commands may arrive out of order. */
export function createPositionTracker() {
  let latest: { text: string; parsed: Parsed } | undefined;
  return {
    remember(position: unknown): void {
      if (typeof position !== 'string') return;
      const parsed = parse(position);
      if (parsed && (!latest || isAfter(parsed, latest.parsed))) latest = { text: position, parsed };
    },
    latest(): string | undefined {
      return latest?.text;
    },
    reset(): void {
      latest = undefined;
    },
  };
}

export type PositionTracker = ReturnType<typeof createPositionTracker>;

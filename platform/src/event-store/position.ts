/**
 * A place in the global order of all events ($all).
 *
 * Both adapters order events by a pair, compared lexicographically:
 * EventStoreDB by (commit, prepare) position; PostgreSQL by (transaction id,
 * sequence), which is what lets readers never skip an event that a concurrent
 * transaction commits late.
 */
export interface Position {
  readonly commit: bigint;
  readonly prepare: bigint;
}

/** The position before the first event. */
export const START: Position = Object.freeze({ commit: 0n, prepare: 0n });

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export function maxPosition(a: Position, b: Position): Position {
  return comparePositions(a, b) >= 0 ? a : b;
}

/** Wire form used in command responses and the `X-Min-Position` header: `<commit>-<prepare>`. */
export function formatPosition(p: Position): string {
  return `${p.commit}-${p.prepare}`;
}

const POSITION_PATTERN = /^(\d{1,20})-(\d{1,20})$/;

/** Parses the wire form; returns undefined for anything else. */
export function parsePosition(text: string): Position | undefined {
  const match = POSITION_PATTERN.exec(text.trim());
  if (!match?.[1] || !match[2]) return undefined;
  return { commit: BigInt(match[1]), prepare: BigInt(match[2]) };
}

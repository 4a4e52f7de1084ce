/** A moment as the snapshot job and the events carry it: a Date, or an ISO-8601 instant with its offset. */
export type Instant = Date | string;

export const HOUR_MS = 3_600_000n;
export const DAY_MS = 24n * HOUR_MS;
/** The year the APY compounds over: 365 days. */
export const YEAR_MS = 365n * DAY_MS;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Milliseconds since the epoch as a bigint, so that all time arithmetic stays in integers.
 * Throws a RangeError for an invalid Date or a text that is not an ISO instant with an offset
 * (a local time without one would read differently on another machine).
 */
export function epochMs(at: Instant): bigint {
  if (typeof at === 'string' && !ISO_INSTANT.test(at)) throw new RangeError(`Not an ISO instant: ${JSON.stringify(at)}`);
  const time = (typeof at === 'string' ? new Date(at) : at).getTime();
  if (Number.isNaN(time)) throw new RangeError(`Not a valid instant: ${String(at)}`);
  return BigInt(time);
}

/** The ISO text of an epoch millisecond count, as events carry instants. */
export const isoInstant = (ms: bigint): string => new Date(Number(ms)).toISOString();

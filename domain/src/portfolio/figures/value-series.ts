import { epochMs, HOUR_MS, type Instant } from './instant.js';

/** The chart keeps one point per UTC hour for this many hours up to the latest point's, one per UTC day before. */
export const HOURLY_HOURS = 7n * 24n;

const HOURS_PER_DAY = 24n;

/** Floor division, so that instants before 1970 fall in the right hour too. */
const floorDiv = (a: bigint, b: bigint): bigint => (a >= 0n ? a / b : -((-a + b - 1n) / b));

interface Timed<T> {
  readonly point: T;
  readonly hour: bigint;
  readonly at: bigint;
}

/**
 * The value series a chart reads, small however long the history: each point falls in a bucket,
 * its UTC hour when that hour is one of the `HOURLY_HOURS` up to the latest point's, its UTC day
 * otherwise; each bucket keeps its latest point (of two at the same instant, the one given later).
 * So the result holds at most 168 hourly points plus one per older day, in time order; the points
 * are the ones given (any shape with an `at`), unchanged.
 */
export function downsampleSeries<T extends { readonly at: Instant }>(points: readonly T[]): T[] {
  const timed: Timed<T>[] = points.map((point) => {
    const at = epochMs(point.at);
    return { point, at, hour: floorDiv(at, HOUR_MS) };
  });
  const latestHour = timed.reduce<bigint | undefined>((latest, entry) => (latest === undefined || entry.hour > latest ? entry.hour : latest), undefined);
  if (latestHour === undefined) return [];
  const kept = new Map<string, Timed<T>>();
  for (const entry of timed) {
    const key = entry.hour > latestHour - HOURLY_HOURS ? `hour ${entry.hour}` : `day ${floorDiv(entry.hour, HOURS_PER_DAY)}`;
    const current = kept.get(key);
    if (current === undefined || entry.at >= current.at) kept.set(key, entry);
  }
  return [...kept.values()].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)).map((entry) => entry.point);
}

/**
 * One new valuation added to a downsampled series: the same as downsampling the whole history with
 * it, without the history. It holds because a bucket only ever needs its latest point: the boundary
 * between hourly and daily moves forward by whole hours, so an hour that turns daily brings its
 * latest point, which is the only one its day can keep from it.
 */
export function addToSeries<T extends { readonly at: Instant }>(series: readonly T[], point: T): T[] {
  return downsampleSeries([...series, point]);
}

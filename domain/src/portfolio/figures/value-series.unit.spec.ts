import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addToSeries, downsampleSeries } from './value-series.js';

const START = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const point = (ms: number, valueMicro = BigInt(ms)) => ({ at: new Date(START + ms), valueMicro });

describe('the value series a chart reads', () => {
  it('keeps one point an hour for the last 7 days and one a day before, each the last of its hour or day', () => {
    // every 10 minutes for 30 days, the last one at 23:50 on the 30th day
    const points = Array.from({ length: 30 * 24 * 6 }, (_, index) => point(index * 10 * MINUTE));
    const series = downsampleSeries(points);
    const latestHour = 30 * 24 - 1;
    const hourly = series.filter((entry) => entry.at.getTime() - START > (latestHour - 168) * HOUR + 50 * MINUTE);
    expect(hourly).toHaveLength(168);
    expect(hourly.every((entry) => entry.at.getUTCMinutes() === 50)).toBe(true);
    const daily = series.slice(0, series.length - hourly.length);
    // days 1 to 23 are whole days before the hourly ones: their last point is at 23:50
    expect(daily).toHaveLength(23);
    expect(daily.every((entry) => entry.at.getUTCHours() === 23 && entry.at.getUTCMinutes() === 50)).toBe(true);
  });

  it('stays small however long the history: a year of points every 10 minutes gives 168 + 358 points', () => {
    const points = Array.from({ length: 365 * 24 * 6 }, (_, index) => point(index * 10 * MINUTE));
    expect(downsampleSeries(points)).toHaveLength(168 + 358);
  });

  it('gives back the points as given, in time order, whatever order they came in', () => {
    const points = [point(2 * DAY), point(0), point(DAY)];
    expect(downsampleSeries(points)).toEqual([points[1], points[2], points[0]]);
    expect(downsampleSeries([])).toEqual([]);
  });

  it('keeps the one given later of two valuations at the same instant', () => {
    expect(downsampleSeries([point(0, 1n), point(0, 2n)])).toEqual([point(0, 2n)]);
    expect(downsampleSeries([{ at: '2026-01-01T00:00:00.000Z', valueMicro: 1n }])).toEqual([{ at: '2026-01-01T00:00:00.000Z', valueMicro: 1n }]);
  });

  it('turns whole hours from hourly to daily, so a day keeps the last point of each hour it takes in', () => {
    const [early, late, latest] = [point(MINUTE), point(59 * MINUTE), point(168 * HOUR + 30 * MINUTE)];
    // 7 days after 00:30 splits hour 00: the whole hour turns daily, and its day keeps 00:59
    expect(downsampleSeries([early, late, latest])).toEqual([late, latest]);
    expect(addToSeries(downsampleSeries([early, late]), latest)).toEqual([late, latest]);
  });

  // a few minutes into hours that often lie just 7 days apart, so that points share hours and
  // instants and the hourly-to-daily boundary falls between two points of one hour
  const hours = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 166, max: 171 }), fc.integer({ min: -100, max: 171 }));
  const instants = fc.tuple(hours, fc.constantFrom(0, 1, 30, 59)).map(([hour, minute]) => hour * HOUR + minute * MINUTE);
  const histories = fc.array(
    fc.record({ ms: instants, valueMicro: fc.bigInt({ min: 0n, max: 10n ** 12n }) }).map(({ ms, valueMicro }) => point(ms, valueMicro)),
    { maxLength: 200, size: 'medium' },
  );

  it('adds one point to a downsampled series exactly as recomputing from the whole history', () => {
    fc.assert(
      fc.property(histories, (points) => {
        const folded = points.reduce<ReturnType<typeof point>[]>((series, next) => addToSeries(series, next), []);
        expect(folded).toEqual(downsampleSeries(points));
      }),
    );
  });

  it('adds a point that came late or at an instant already seen exactly as recomputing', () => {
    fc.assert(
      fc.property(histories, instants, fc.bigInt({ min: 0n, max: 10n ** 12n }), (points, ms, valueMicro) => {
        const late = point(ms, valueMicro);
        expect(addToSeries(downsampleSeries(points), late)).toEqual(downsampleSeries([...points, late]));
      }),
    );
  });

  it('changes nothing when downsampled again', () => {
    fc.assert(
      fc.property(histories, (points) => {
        const series = downsampleSeries(points);
        expect(downsampleSeries(series)).toEqual(series);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { performanceFigures } from './performance.js';

const START = Date.UTC(2026, 0, 1);
const HOUR = 3_600_000;
/** An instant `hours` after the start (fractions allowed). */
const at = (hours: number) => new Date(START + hours * HOUR);
const usdc = (amount: bigint) => amount * 1_000_000n;
const valued = (hours: number, amount: bigint) => ({ at: at(hours), valueMicro: usdc(amount) });
const moved = (hours: number, amount: bigint) => ({ at: at(hours), amountMicro: usdc(amount) });

describe('performance figures as of the latest valuation', () => {
  it('has none before the first valuation', () => {
    expect(performanceFigures([], [moved(0, 100n)])).toBeNull();
  });

  it('given one valuation, shows no change, no APY, and earnings as value minus what was put in', () => {
    const figures = performanceFigures([valued(1, 105n)], [moved(0, 100n)]);
    expect(figures).toMatchObject({
      asOf: at(1).toISOString(),
      valueMicro: usdc(105n),
      netContributionsMicro: usdc(100n),
      earningsMicro: usdc(5n),
      dailyChange: '0.0000',
      weeklyChange: '0.0000',
      monthlyChange: '0.0000',
      dailyChangeMicro: 0n,
      apy: null,
    });
  });

  it('never shows a deposit as a gain', () => {
    const figures = performanceFigures([valued(0, 100n), valued(2, 150n)], [moved(-1, 100n), moved(1, 50n)]);
    expect(figures).toMatchObject({ dailyChange: '0.0000', dailyChangeMicro: 0n, earningsMicro: 0n });
  });

  it('takes a flow between two valuations to happen at the start of the sub-period: 100, +100, then 220 is 10 %', () => {
    const figures = performanceFigures([valued(0, 100n), valued(2, 220n)], [moved(0, 100n), moved(1, 100n)]);
    // at the end of the sub-period it would read (220 - 100) / 100 = 20 %
    expect(figures).toMatchObject({ dailyChange: '10.0000', dailyChangeMicro: usdc(20n), earningsMicro: usdc(20n) });
  });

  it('counts a flow at the very instant of a valuation in that valuation', () => {
    const figures = performanceFigures([valued(0, 100n), valued(2, 150n)], [moved(0, 100n), moved(2, 50n)]);
    expect(figures).toMatchObject({ dailyChange: '0.0000', earningsMicro: 0n });
  });

  it('leaves out a deposit credited after the latest valuation (it is not in that value yet)', () => {
    const figures = performanceFigures([valued(0, 100n), valued(2, 110n)], [moved(0, 100n), moved(3, 1_000n)]);
    expect(figures).toMatchObject({ netContributionsMicro: usdc(100n), earningsMicro: usdc(10n), dailyChange: '10.0000' });
  });

  it('links the sub-periods: +10 % then -10 % is -1 %, whatever was withdrawn in between', () => {
    const figures = performanceFigures([valued(0, 1_000n), valued(1, 1_100n), valued(2, 540n)], [moved(0, 1_000n), moved(1.5, -500n)]);
    expect(figures).toMatchObject({ dailyChange: '-1.0000', dailyChangeMicro: usdc(40n), earningsMicro: usdc(40n) });
  });

  it('starts each window at the valuation at or before its start', () => {
    const points = [valued(0, 100n), valued(30 * 24 - 24, 110n), valued(30 * 24 - 1, 115n), valued(30 * 24, 121n)];
    const figures = performanceFigures(points, [moved(0, 100n)]);
    expect(figures).toMatchObject({
      dailyChange: '10.0000', // from 110 exactly 24 hours before
      dailyChangeMicro: usdc(11n),
      weeklyChange: '21.0000', // from 100, the last one at or before 7 days back
      monthlyChange: '21.0000', // from 100 exactly 30 days before
      monthlyChangeMicro: usdc(21n),
    });
  });

  it('measures a window since the first valuation when the history is shorter', () => {
    const figures = performanceFigures([valued(0, 100n), valued(12, 103n)], [moved(0, 100n)]);
    expect(figures).toMatchObject({ dailyChange: '3.0000', weeklyChange: '3.0000', monthlyChange: '3.0000', dailyChangeMicro: usdc(3n) });
  });

  it('shows no APY until 7 days of history, then annualises since the first valuation', () => {
    const week = 7 * 24;
    expect(performanceFigures([valued(0, 100n), valued(week - 1 / HOUR, 101n)], [moved(0, 100n)])?.apy).toBeNull();
    expect(performanceFigures([valued(0, 100n), valued(week, 101n)], [moved(0, 100n)])?.apy).toBe('68.0075');
  });

  it('annualises the last 30 days only: growth before them does not count', () => {
    const points = [valued(0, 100n), valued(10 * 24, 200n), valued(40 * 24, 220n)];
    // 30 days back from day 40 is day 10: 200 -> 220 is 10 % over 30 days
    expect(performanceFigures(points, [moved(0, 100n)])?.apy).toBe('218.8680');
  });

  it('measures no return over a sub-period that starts with no capital', () => {
    const figures = performanceFigures([valued(0, 0n), valued(1, 100n), valued(2, 110n)], []);
    expect(figures).toMatchObject({ dailyChange: '10.0000', earningsMicro: usdc(110n) });
  });

  it('reads valuations and flows in any order, and ISO instants as well as Dates', () => {
    const figures = performanceFigures(
      [{ at: at(2).toISOString(), valueMicro: usdc(220n) }, valued(0, 100n)],
      [moved(1, 100n), { at: '2026-01-01T00:00:00+00:00', amountMicro: usdc(100n) }],
    );
    expect(figures).toMatchObject({ dailyChange: '10.0000', earningsMicro: usdc(20n) });
  });

  it('refuses a negative valuation and an instant that is not one', () => {
    expect(() => performanceFigures([valued(0, -1n)], [])).toThrow(RangeError);
    expect(() => performanceFigures([{ at: '2026-01-01 00:00', valueMicro: 1n }], [])).toThrow(RangeError);
    expect(() => performanceFigures([{ at: new Date(Number.NaN), valueMicro: 1n }], [])).toThrow(RangeError);
  });
});

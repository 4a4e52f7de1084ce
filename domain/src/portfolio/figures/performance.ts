import { DAY_MS, epochMs, isoInstant, YEAR_MS, type Instant } from './instant.js';
import { power } from './power.js';
import { mul, ONE, percentText, ratio, sub, type Ratio } from './ratio.js';

/** One valuation of a member's whole portfolio: its total value in micro-USDC at an instant. */
export interface ValuationPoint {
  readonly at: Instant;
  /** Total value in micro-USDC, never negative. */
  readonly valueMicro: bigint;
}

/** Money the member moved in or out: a deposit credited (positive) or a withdrawal completed (negative). */
export interface Contribution {
  readonly at: Instant;
  readonly amountMicro: bigint;
}

/** The APY needs this much history (first valuation to latest); before that it is null and the UI shows "—". */
export const APY_MIN_HISTORY_MS = 7n * DAY_MS;

/** The figures as of the latest valuation. Windows end at that valuation, not at the clock. */
export interface PerformanceFigures {
  /** The latest valuation's instant, ISO text. */
  readonly asOf: string;
  readonly valueMicro: bigint;
  /** Deposits credited minus withdrawals completed, up to `asOf` (later ones are not in the value yet). */
  readonly netContributionsMicro: bigint;
  /** Current Earnings: `valueMicro - netContributionsMicro`. */
  readonly earningsMicro: bigint;
  /** Time-weighted return over the last 1, 7 and 30 days, in percent. */
  readonly dailyChange: string;
  readonly weeklyChange: string;
  readonly monthlyChange: string;
  /** Value change minus net contributions over the same windows, in micro-USDC. */
  readonly dailyChangeMicro: bigint;
  readonly weeklyChangeMicro: bigint;
  readonly monthlyChangeMicro: bigint;
  /** The 30-day time-weighted return annualised, in percent; null before 7 days of history. */
  readonly apy: string | null;
}

/**
 * The valuations in time order, and for each one the net flow of its sub-period: `flows[i]` is
 * what moved in `(at[i-1], at[i]]` (`flows[0]`: everything up to the first valuation).
 */
interface Timeline {
  readonly at: readonly bigint[];
  readonly values: readonly bigint[];
  readonly flows: readonly bigint[];
}

const byTime = (a: { readonly at: bigint }, b: { readonly at: bigint }): number => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0);

function timeline(points: readonly ValuationPoint[], contributions: readonly Contribution[]): Timeline {
  const valuations = points
    .map((point) => {
      if (point.valueMicro < 0n) throw new RangeError('A valuation cannot be negative');
      return { at: epochMs(point.at), valueMicro: point.valueMicro };
    })
    .sort(byTime);
  const moves = contributions.map((move) => ({ at: epochMs(move.at), amountMicro: move.amountMicro })).sort(byTime);
  const flows = valuations.map(() => 0n);
  let index = 0;
  for (const move of moves) {
    // the first valuation at or after the move is the one whose value holds it
    while ((valuations[index]?.at ?? move.at) < move.at) index += 1;
    if (index >= valuations.length) break;
    flows[index] = (flows[index] ?? 0n) + move.amountMicro;
  }
  return { at: valuations.map((v) => v.at), values: valuations.map((v) => v.valueMicro), flows };
}

/**
 * The growth of sub-period `i` (from valuation `i-1` to `i`): a flow between two valuations is
 * taken to happen at the start of the sub-period, so `value[i] / (value[i-1] + flow[i])`.
 * A sub-period that starts with no capital (`value[i-1] + flow[i] <= 0`) has no return to measure
 * and counts as 1 (no gain, no loss).
 */
function growthOf(line: Timeline, i: number): Ratio {
  const capital = (line.values[i - 1] ?? 0n) + (line.flows[i] ?? 0n);
  return capital <= 0n ? ONE : ratio(line.values[i] ?? 0n, capital);
}

/** The last valuation at or before `start`, or the first when the history begins after it. */
function baseIndex(line: Timeline, start: bigint): number {
  let base = 0;
  for (const [index, at] of line.at.entries()) if (at <= start) base = index;
  return base;
}

interface WindowChange {
  readonly growth: Ratio;
  readonly changeMicro: bigint;
  readonly elapsedMs: bigint;
}

/** The time-weighted growth and the dollar change from valuation `base` to the latest. */
function changeSince(line: Timeline, base: number): WindowChange {
  const last = line.at.length - 1;
  let growth = ONE;
  let flowsMicro = 0n;
  for (let i = base + 1; i <= last; i += 1) {
    growth = mul(growth, growthOf(line, i));
    flowsMicro += line.flows[i] ?? 0n;
  }
  const changeMicro = (line.values[last] ?? 0n) - (line.values[base] ?? 0n) - flowsMicro;
  return { growth, changeMicro, elapsedMs: (line.at[last] ?? 0n) - (line.at[base] ?? 0n) };
}

/** A growth factor as a percent change: 1.01 -> '1.0000'. */
export const growthPercent = (growth: Ratio): string => percentText(sub(growth, ONE));

/** A growth factor over `elapsedMs` compounded to a 365-day year, as a percent: 1.01 over 30 days -> '12.8695'. */
export function annualisedPercent(growth: Ratio, elapsedMs: bigint): string {
  if (elapsedMs <= 0n) throw new RangeError('A return is annualised over a positive duration');
  return growthPercent(power(growth, ratio(YEAR_MS, elapsedMs)));
}

/**
 * Performance as of the latest valuation; null when there is none yet. Each window (1, 7, 30 days)
 * starts at the valuation at or before `latest - days`, or at the first valuation when the history
 * is shorter. Contributions after the latest valuation are left out: they are not in its value.
 */
export function performanceFigures(points: readonly ValuationPoint[], contributions: readonly Contribution[]): PerformanceFigures | null {
  const line = timeline(points, contributions);
  const last = line.at.length - 1;
  const asOf = line.at[last];
  const first = line.at[0];
  if (asOf === undefined || first === undefined) return null;
  const valueMicro = line.values[last] ?? 0n;
  const netContributionsMicro = line.flows.reduce((sum, flow) => sum + flow, 0n);
  const [daily, weekly, monthly] = [1n, 7n, 30n].map((days) => changeSince(line, baseIndex(line, asOf - days * DAY_MS))) as [WindowChange, WindowChange, WindowChange];
  return {
    asOf: isoInstant(asOf),
    valueMicro,
    netContributionsMicro,
    earningsMicro: valueMicro - netContributionsMicro,
    dailyChange: growthPercent(daily.growth),
    weeklyChange: growthPercent(weekly.growth),
    monthlyChange: growthPercent(monthly.growth),
    dailyChangeMicro: daily.changeMicro,
    weeklyChangeMicro: weekly.changeMicro,
    monthlyChangeMicro: monthly.changeMicro,
    apy: asOf - first < APY_MIN_HISTORY_MS ? null : annualisedPercent(monthly.growth, monthly.elapsedMs),
  };
}

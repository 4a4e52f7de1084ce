import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from './instant.js';
import { annualisedPercent, performanceFigures, type Contribution, type ValuationPoint } from './performance.js';
import { ratio } from './ratio.js';

const START = BigInt(Date.UTC(2026, 0, 1));
const MINUTE = 60_000n;
const instant = (ms: bigint) => new Date(Number(ms));

/** Between two valuations: some deposits (positive units) and withdrawals (negative), then a valuation. */
const step = (maxGapMinutes: number) =>
  fc.record({
    gapMinutes: fc.integer({ min: 1, max: maxGapMinutes }),
    flows: fc.array(fc.record({ minute: fc.nat(), units: fc.bigInt({ min: -1_000_000n, max: 1_000_000n }) }), { maxLength: 4 }),
  });
type Step = { gapMinutes: number; flows: { minute: number; units: bigint }[] };

/**
 * A member's history: `initialUnits` deposited before the first valuation, then each step's flows
 * at the price of their moment and a valuation of every unit held. Withdrawals never take the
 * holding below `floorUnits`.
 */
function history(initialUnits: bigint, steps: readonly Step[], floorUnits: bigint, flowPrice: (step: number) => bigint, valuationPrice: (step: number) => bigint) {
  const contributions: Contribution[] = [{ at: instant(START - 60n * MINUTE), amountMicro: initialUnits * flowPrice(0) }];
  const points: ValuationPoint[] = [{ at: instant(START), valueMicro: initialUnits * valuationPrice(0) }];
  let units = initialUnits;
  let time = START;
  const unitsAfterFlows: bigint[] = [initialUnits];
  for (const [index, { gapMinutes, flows }] of steps.entries()) {
    const stepNumber = index + 1;
    for (const flow of flows) {
      const moved = flow.units < floorUnits - units ? floorUnits - units : flow.units;
      units += moved;
      const offset = BigInt((flow.minute % gapMinutes) + 1) * MINUTE;
      contributions.push({ at: instant(time + offset), amountMicro: moved * flowPrice(stepNumber) });
    }
    unitsAfterFlows.push(units);
    time += BigInt(gapMinutes) * MINUTE;
    points.push({ at: instant(time), valueMicro: units * valuationPrice(stepNumber) });
  }
  return { points, contributions, unitsAfterFlows, elapsedMs: time - START };
}

describe('time-weighted return, whatever the deposits and withdrawals', () => {
  it('is 0 % with 0 earnings at constant prices', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 1_000_000n }), fc.bigInt({ min: 0n, max: 1_000_000n }), fc.array(step(36 * 60), { maxLength: 60 }), (price, initialUnits, steps) => {
        const { points, contributions } = history(initialUnits, steps, 0n, () => price, () => price);
        const figures = performanceFigures(points, contributions);
        expect(figures).toMatchObject({
          earningsMicro: 0n,
          dailyChange: '0.0000',
          weeklyChange: '0.0000',
          monthlyChange: '0.0000',
          dailyChangeMicro: 0n,
          weeklyChangeMicro: 0n,
          monthlyChangeMicro: 0n,
        });
        expect([null, '0.0000']).toContain(figures?.apy);
      }),
    );
  });

  it('is x % when the price of the whole portfolio rises by x %, and the APY annualises it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -99, max: 500 }),
        fc.bigInt({ min: 1n, max: 100_000n }),
        fc.bigInt({ min: 1n, max: 1_000_000n }),
        fc.array(step(12 * 60), { minLength: 1, maxLength: 40 }),
        fc.nat(),
        (percent, cents, initialUnits, steps, jumpSeed) => {
          const before = 100n * cents;
          const after = (before * BigInt(100 + percent)) / 100n;
          // the rise comes just before valuation `jump`: that sub-period's flows (taken to be at its start) are at the old price
          const jump = 1 + (jumpSeed % steps.length);
          const { points, contributions, unitsAfterFlows, elapsedMs } = history(
            initialUnits,
            steps,
            1n,
            (stepNumber) => (stepNumber <= jump ? before : after),
            (stepNumber) => (stepNumber >= jump ? after : before),
          );
          const figures = performanceFigures(points, contributions);
          expect(figures?.monthlyChange).toBe(`${percent}.0000`);
          expect(figures?.earningsMicro).toBe((unitsAfterFlows[jump] ?? 0n) * (after - before));
          expect(figures?.apy).toBe(elapsedMs < 7n * DAY_MS ? null : annualisedPercent(ratio(BigInt(100 + percent), 100n), elapsedMs));
        },
      ),
    );
  });
});

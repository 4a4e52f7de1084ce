/** Percentile by nearest rank over a copy of the samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export const round = (n: number, digits = 0) => Number(n.toFixed(digits));

/** Runs `task` with at most `concurrency` in flight until `total` have been started. */
export async function runPool(total: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next;
        next += 1;
        await task(i);
      }
    }),
  );
}

/**
 * A distribution-free 95% confidence interval of the median of `samples`: the order statistics
 * whose ranks a binomial(n, 1/2) count falls outside of with at most 2.5% probability each side.
 * Undefined below 6 samples, where no such interval exists.
 */
export function medianInterval(samples: readonly number[]): [number, number] | undefined {
  const n = samples.length;
  const sorted = [...samples].sort((a, b) => a - b);
  // P(X < k) for X ~ Bin(n, 1/2), accumulated until it would pass 2.5%.
  let below = 0;
  let term = 0.5 ** n;
  let k = 0;
  while (below + term <= 0.025) {
    below += term;
    term *= (n - k) / (k + 1);
    k += 1;
  }
  if (k === 0) return undefined;
  return [sorted[k - 1] as number, sorted[n - k] as number];
}

/**
 * Progressive back-off after failures: the first `freeFailures` cost nothing, then each further
 * attempt waits `firstDelayMs`, doubling per failure up to `maxDelayMs`. Failures are forgotten
 * `forgetAfterMs` after the last one, or at once when the caller forgives them (a success).
 */
export interface BackoffRule {
  readonly freeFailures: number;
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
  readonly forgetAfterMs: number;
}

export interface BackoffDecision {
  readonly allowed: boolean;
  /** Failures counted so far, this attempt included when it was allowed. */
  readonly failures: number;
  /** How long a refused client must wait; 0 when allowed. */
  readonly retryAfterMs: number;
}

/** The wait after `failures` failures (0 while they are free). */
export function backoffDelayMs(failures: number, rule: BackoffRule): number {
  if (failures < rule.freeFailures) return 0;
  const doublings = Math.min(failures - rule.freeFailures, 40); // 2^40 ms is beyond any cap; keeps the number finite
  return Math.min(rule.firstDelayMs * 2 ** doublings, rule.maxDelayMs);
}

/** Long enough to outlive the longest wait, so a counter never expires while its client is still held back. */
export const backoffTtlMs = (rule: BackoffRule) => Math.max(rule.forgetAfterMs, rule.maxDelayMs);

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DURATION = /^([1-9]\d{0,5})(s|m|h|d)$/;

/** '1h', '15m', '30s', '1d' in milliseconds; undefined for anything else. */
export function parseDuration(text: string): number | undefined {
  const match = DURATION.exec(text.trim());
  if (!match?.[1] || !match[2]) return undefined;
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

/** The slot a scheduled instant falls in: the start of its interval window, as an ISO instant. */
export function slotOf(scheduledMs: number, intervalMs: number): string {
  return new Date(Math.floor(scheduledMs / intervalMs) * intervalMs).toISOString();
}

/**
 * When a job scheduler meant its job to run: its id is `repeat:<schedulerId>:<millis>` (BullMQ's
 * job schedulers); otherwise its creation time plus its delay.
 */
export function scheduledMillis(job: { readonly id?: string | undefined; readonly timestamp: number; readonly delay?: number }): number {
  const millis = Number(job.id?.split(':').at(-1));
  if (job.id?.startsWith('repeat:') && Number.isSafeInteger(millis)) return millis;
  return job.timestamp + (job.delay ?? 0);
}

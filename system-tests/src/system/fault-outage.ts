import { expect } from 'vitest';
import type { Readiness } from './fault-load.js';
import { sleep } from './fault-load.js';
import type { RunningProduct } from './product.js';

export interface CombinedOutage {
  /** The dependency as `/ready` names its check, and how to take it away and bring it back. */
  readonly check: 'postgres' | 'redis';
  readonly stop: () => Promise<void>;
  readonly start: () => Promise<void>;
  readonly outageMs: number;
  /** Services SIGKILLed once the outage has begun; those with a port must say whom they wait for. */
  readonly victims: readonly string[];
  readonly readiness: () => Promise<Readiness>;
}

export interface OutageFigures {
  /** From the first `/api/ready` that was not 200 to the first that was again. */
  readonly unreadyMs: number;
  /** From the dependency answering again to `/api/ready` answering 200. */
  readonly readyAfterReturnMs: number;
}

/** HTTP services: a restarted one answers its own `/ready` (naming the dependency) while it waits. */
const SERVED = new Set(['command-api', 'query-api']);

/**
 * A dependency is away for `outageMs`; a few seconds in, each victim is SIGKILLed, the supervisor
 * starts it again, and it must wait for the dependency (reporting it on `/ready`) instead of dying
 * until the supervisor gives up. Then the dependency returns and the product must become ready by
 * itself; `/api/ready` is watched all along to measure for how long it was not.
 */
export async function outageWithKills(product: RunningProduct, outage: CombinedOutage): Promise<OutageFigures> {
  let watching = true;
  // When /api/ready first failed, when the dependency was back, and when /api/ready answered 200 again.
  const marks: { firstUnready?: number; returnedAt?: number; readyAgain?: number } = {};
  const watcher = (async () => {
    while (watching) {
      const status = await outage.readiness().then((r) => r.status, () => 0);
      const now = Date.now();
      if (status !== 200) marks.firstUnready ??= now;
      else if (marks.returnedAt !== undefined) marks.readyAgain ??= now;
      await sleep(250);
    }
  })();

  const stoppedAt = Date.now();
  await outage.stop();
  await sleep(3_000);
  for (const victim of outage.victims) {
    const before = product.pids()[victim];
    expect(before, `${victim} runs before it is killed`).toBeDefined();
    process.kill(before ?? 0, 'SIGKILL');
  }
  // Each victim is started again and, while the dependency is away, waits for it and says so. The
  // outage lasts `outageMs`, and longer while a victim is still booting (a loaded machine).
  const deadline = stoppedAt + outage.outageMs + 90_000;
  const waiting = new Set<string>();
  while (waiting.size < outage.victims.length && Date.now() < deadline) {
    const seen = await outage.readiness();
    for (const victim of outage.victims) {
      const restarted = product.pids()[victim] !== undefined;
      const named = seen.body.services[victim]?.checks?.[outage.check]?.status === 'down';
      const logged = product.output.some((line) => line.startsWith(`[${victim}]`) && line.includes('waiting for'));
      if (restarted && (SERVED.has(victim) ? named && logged : logged)) waiting.add(victim);
    }
    await sleep(250);
  }
  const lines = () => product.output.filter((line) => outage.victims.some((victim) => line.startsWith(`[${victim}]`) || line.includes(victim))).slice(-20).join('');
  expect([...waiting].sort(), `every killed service was restarted and waits for the dependency:\n${lines()}`).toEqual([...outage.victims].sort());

  await sleep(Math.max(0, stoppedAt + outage.outageMs - Date.now()));
  await outage.start();
  const returnedAt = Date.now();
  marks.returnedAt = returnedAt;
  const readyBy = returnedAt + 60_000;
  while (marks.readyAgain === undefined && Date.now() < readyBy) await sleep(250);
  watching = false;
  await watcher;
  const readyAgain = marks.readyAgain;
  expect(readyAgain, 'the product became ready again by itself').toBeDefined();
  return { unreadyMs: (readyAgain ?? 0) - (marks.firstUnready ?? stoppedAt), readyAfterReturnMs: (readyAgain ?? 0) - returnedAt };
}

/**
 * Refused commands were refused with 503 and a Retry-After; a SIGKILL of the command API may cut
 * calls in flight (answered 502: nothing was acknowledged), at most one per client per kill.
 */
export function expectOnlyRefusalsAndCuts(outcomes: readonly { status: number; retryAfter: string | null }[], cutsAllowed: number): void {
  const refused = outcomes.filter((o) => o.status !== 201 && o.status !== 502);
  for (const outcome of refused) {
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ status: 503 });
    expect(Number(outcome.retryAfter)).toBeGreaterThan(0);
  }
  expect(refused.length).toBeGreaterThan(0);
  expect(outcomes.filter((o) => o.status === 502).length).toBeLessThanOrEqual(cutsAllowed);
}

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
  // The last answer of /api/ready, to say in a failure which service was not ready and why.
  let lastSeen = '';
  const watcher = (async () => {
    while (watching) {
      const status = await outage.readiness().then(
        (r) => {
          lastSeen = JSON.stringify(r.body);
          return r.status;
        },
        () => 0,
      );
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
  // A waiting service tries again after a back-off of up to 30 s, then finishes starting: on a
  // loaded machine (load 19 in a full run beside other work) that took over 60 s once.
  const readyBy = returnedAt + 90_000;
  while (marks.readyAgain === undefined && Date.now() < readyBy) await sleep(250);
  watching = false;
  await watcher;
  const readyAgain = marks.readyAgain;
  expect(readyAgain, `the product became ready again by itself; /api/ready said ${lastSeen}\n${lines()}`).toBeDefined();
  return { unreadyMs: (readyAgain ?? 0) - (marks.firstUnready ?? stoppedAt), readyAfterReturnMs: (readyAgain ?? 0) - returnedAt };
}

/** How the gateway names a call a dying process cut: its connection was reset or closed under it. */
const CUT = /"code":"(ECONNRESET|EPIPE)"|socket hang up/;

/**
 * Refused commands were refused with 503 and a Retry-After. A 502 is allowed only for a call the
 * gateway says a dying process cut (the gateway's own log line for that request id names a reset
 * connection): nothing was acknowledged. Each exit of the command API may cut a client's call in
 * flight and, on a loaded machine, its next one too, sent on a pooled connection the kill had
 * already closed before the gateway saw it close: at most two per client per exit.
 */
export function expectOnlyRefusalsAndCuts(
  outcomes: readonly { email: string; requestId: string; status: number; retryAfter: string | null }[],
  commandApiExits: number,
  output: readonly string[],
): void {
  const refused = outcomes.filter((o) => o.status !== 201 && o.status !== 502);
  for (const outcome of refused) {
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ status: 503 });
    expect(Number(outcome.retryAfter)).toBeGreaterThan(0);
  }
  expect(refused.length).toBeGreaterThan(0);
  const cuts = outcomes.filter((o) => o.status === 502);
  for (const cut of cuts) {
    const logged = output.filter((line) => line.includes(cut.requestId) && line.includes('Upstream unreachable'));
    expect(logged.some((line) => CUT.test(line)), `502 for ${cut.email} is a connection the kill cut: ${logged.join('') || 'no gateway line'}`).toBe(true);
  }
  // The writer is the part of the email after the label: `${label}-${writer}-${n}-…`.
  const byClient = new Map<string, number>();
  for (const cut of cuts) {
    const writer = cut.email.split('-').at(-3) ?? '';
    byClient.set(writer, (byClient.get(writer) ?? 0) + 1);
  }
  for (const [writer, n] of byClient) expect(n, `cuts of client ${writer} over ${commandApiExits} exit(s)`).toBeLessThanOrEqual(2 * commandApiExits);
  console.log(`commands cut by a kill (502): ${cuts.length}, by client ${JSON.stringify(Object.fromEntries(byClient))}, over ${commandApiExits} command API exit(s)`);
}

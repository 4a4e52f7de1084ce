import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { USERS_COLLECTION, type UserReadModel } from '@concierge/contracts';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { RunningProduct } from './product.js';

export interface Outcome {
  readonly email: string;
  /** Sent by the client, so the gateway's log line about this call can be found. */
  readonly requestId: string;
  readonly status: number;
  readonly retryAfter: string | null;
  readonly message: string | undefined;
}

export interface LoadRun {
  readonly outcomes: readonly Outcome[];
  readonly duringOutage: readonly Outcome[];
  readonly reads: readonly number[];
}

export interface Readiness {
  readonly status: number;
  readonly body: { status: string; services: Record<string, { status: string; checks?: Record<string, { status: string }> }> };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The steady stream of commands and reads the fault tests run their faults under, and what they check after. */
export function faultLoad(product: RunningProduct, admin: string) {
  const register = async (email: string): Promise<Outcome> => {
    const requestId = randomUUID();
    const response = await fetch(`${product.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({ email, password: 'Analytical1', firstName: 'Load', lastName: 'Tester' }),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    const message = text.startsWith('{') ? (JSON.parse(text) as { message?: string }).message : text.slice(0, 80);
    return { email, requestId, status: response.status, retryAfter: response.headers.get('retry-after'), message };
  };

  const readiness = async (): Promise<Readiness> => {
    const response = await fetch(`${product.base}/api/ready`);
    return { status: response.status, body: (await response.json()) as Readiness['body'] };
  };

  const eventuallyReady = async (withinMs = 20_000): Promise<Readiness> => {
    const deadline = Date.now() + withinMs;
    let last = await readiness();
    while (last.status !== 200 && Date.now() < deadline) {
      await sleep(250);
      last = await readiness();
    }
    return last;
  };

  /**
   * Four clients register one account after another and an admin reads the pending list, while
   * `outage` takes a dependency away and brings it back; then everyone stops.
   */
  const underLoad = async (label: string, outage: () => Promise<void>): Promise<LoadRun> => {
    const outcomes: Outcome[] = [];
    let writing = true;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let n = 0; writing; n += 1) {
        outcomes.push(await register(`${label}-${w}-${n}-${randomUUID().slice(0, 6)}@example.com`));
        await sleep(20);
      }
    });
    const reads: number[] = [];
    const reader = (async () => {
      while (writing) {
        const response = await fetch(`${product.base}/api/users/pending`, { headers: { authorization: admin } });
        reads.push(response.status);
        await response.body?.cancel();
        await sleep(100);
      }
    })();
    await sleep(1_500);
    const beforeOutage = outcomes.length;
    let duringOutage: Outcome[] | undefined;
    try {
      await outage();
      duringOutage = outcomes.slice(beforeOutage);
      await sleep(4_000);
    } finally {
      // A failed check inside the outage still stops the clients before the product is stopped.
      writing = false;
      await Promise.allSettled([...writers, reader]);
    }
    const count = (list: readonly number[]) => Object.fromEntries([...new Set(list)].map((s) => [s, list.filter((x) => x === s).length]));
    console.log(`${label}: commands by status`, count(outcomes.map((o) => o.status)), 'during the outage', count(duringOutage.map((o) => o.status)), 'reads', count(reads));
    return { outcomes, duringOutage: duringOutage ?? [], reads };
  };

  /** Refused commands were refused with a plain 503 and a Retry-After, never anything else. */
  const expectOnly503Refusals = (run: LoadRun) => {
    expect(run.duringOutage.filter((o) => o.status !== 201).length).toBeGreaterThan(0);
    for (const outcome of run.outcomes.filter((o) => o.status !== 201)) {
      expect(outcome, JSON.stringify(outcome)).toMatchObject({ status: 503 });
      expect(Number(outcome.retryAfter)).toBeGreaterThan(0);
    }
  };

  /** After the outage commands succeed again, and every acknowledged one is in the store once and in the read model once. */
  const expectEveryAcknowledgedOnce = async (run: LoadRun, label: string, readyWithinMs = 20_000) => {
    expect((await eventuallyReady(readyWithinMs)).status).toBe(200);
    const after = await register(`${label}-after-${randomUUID().slice(0, 6)}@example.com`);
    expect(after.status).toBe(201);
    const acknowledged = [...run.outcomes.filter((o) => o.status === 201).map((o) => o.email), after.email];
    expect(acknowledged.length).toBeGreaterThan(5);

    const { rows } = await product.schemas.pool.query<{ email: string; n: string }>(
      `SELECT data->>'email' AS email, count(*)::text AS n FROM ${product.schemas.eventStoreSchema}.events WHERE type = 'UserRegistered' GROUP BY 1`,
    );
    const stored = new Map(rows.map((row) => [row.email, Number(row.n)]));
    for (const email of acknowledged) expect(stored.get(email), email).toBe(1);

    const users = createPgReadStore({ pool: product.schemas.pool, schema: product.schemas.readStoreSchema }).collection<UserReadModel>(USERS_COLLECTION);
    const deadline = Date.now() + 20_000;
    let missing = acknowledged;
    while (missing.length > 0 && Date.now() < deadline) {
      const docs = await users.find({ limit: 100_000 });
      const seen = new Map<string, number>();
      for (const doc of docs) seen.set(doc.email, (seen.get(doc.email) ?? 0) + 1);
      expect([...seen.values()].every((n) => n === 1)).toBe(true);
      missing = acknowledged.filter((email) => !seen.has(email));
      if (missing.length > 0) await sleep(200);
    }
    expect(missing).toEqual([]);
  };

  return { register, readiness, eventuallyReady, underLoad, expectOnly503Refusals, expectEveryAcknowledgedOnce };
}

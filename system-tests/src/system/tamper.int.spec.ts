import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStreamId } from '@concierge/domain/money/account/account';
import { loadLatestCheckpoint } from '@concierge/platform/audit/checkpoints';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { editAndRechain } from '@concierge/platform/testing/tamper';
import { createAccount, signIn, signedInAdmin } from './accounts.js';
import { startProduct, type RunningProduct } from './product.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** `npm run audit -- verify` as an operator runs it, against the product's schemas and its generated audit key. */
async function auditVerify(product: RunningProduct): Promise<{ code: number; stdout: string; stderr: string }> {
  const { connectionString, eventStoreSchema, readStoreSchema } = product.schemas;
  const env = { ...process.env, DATABASE_URL: connectionString, EVENT_STORE_SCHEMA: eventStoreSchema, READ_STORE_SCHEMA: readStoreSchema, DATA_DIR: product.dataDir };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--conditions=source', '--import', 'tsx', 'workers/src/audit/cli.ts', 'verify'], { cwd: ROOT, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/**
 * Issue 23, item 6: a person with superuser access to the database inflates a member's deposit of
 * 14 USDC to 4,014 and recomputes the hash chain after it exactly as the writer does, then the
 * command API restarts (its cached states gone). The withdrawal of 4,000 must be refused, nothing
 * appended, and `npm run audit -- verify` must name the edit: the deposit was signed into a
 * checkpoint seconds after it was made (AUDIT_CHECKPOINT_EVERY_EVENTS), so the re-chained stream
 * no longer passes through the head the checkpoint recorded.
 */
describe('a deposit edited and re-chained in the database, through the gateway', () => {
  let product: RunningProduct;
  let store: EventStore;
  beforeAll(async () => {
    product = await startProduct('tamper', { env: { AUDIT_CHECKPOINT_EVERY: '1s', AUDIT_CHECKPOINT_EVERY_EVENTS: '1' } });
    const { pool, connectionString, eventStoreSchema } = product.schemas;
    store = createPgEventStore({ pool, connectionString, schema: eventStoreSchema });
  }, 120_000);
  afterAll(async () => product?.stop());

  const call = async (method: string, path: string, authorization: string, body?: unknown) => {
    const response = await fetch(`${product.base}/api${path}`, {
      method,
      headers: { authorization, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };

  /** Waits until a signed checkpoint records the stream at `revision` or later. */
  async function signedUpTo(streamId: string, revision: bigint): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (((await loadLatestCheckpoint(store))?.heads.get(streamId)?.revision ?? -1n) < revision) {
      if (Date.now() > deadline) throw new Error(`no checkpoint recorded ${streamId} at ${revision} within 60 s:\n${product.output.join('')}`);
      await sleep(250);
    }
  }

  async function restartCommandApi(): Promise<void> {
    const before = product.pids()['command-api'];
    process.kill(before ?? 0, 'SIGKILL');
    const deadline = Date.now() + 60_000;
    while (product.pids()['command-api'] === undefined || product.pids()['command-api'] === before) {
      if (Date.now() > deadline) throw new Error('the command API was not restarted');
      await sleep(100);
    }
    for (;;) {
      const ready = await fetch(`${product.base}/api/health`).then((r) => r.status, () => 0);
      if (ready === 200 || Date.now() > deadline) return;
      await sleep(200);
    }
  }

  it('refuses a withdrawal over the real balance after the command API restarts, appends nothing, and verify names the edit', { timeout: 180_000 }, async () => {
    const admin = await signedInAdmin(product.base, product.schemas);
    const memberId = await createAccount(product.schemas, 'member@example.com');
    const member = (await signIn(product.base, 'member@example.com')).authorization;
    const deposit = { userId: memberId, timestamp: new Date().toISOString(), amountUSD: '14', transactionHash: `0x${'ab'.repeat(32)}` };
    expect((await call('POST', '/deposits', admin, deposit)).status).toBe(200);
    expect((await call('POST', '/withdrawals/addresses', member, { label: 'Cold wallet', address: `0x${'7'.repeat(40)}` })).status).toBe(201);
    // Over the real balance: refused as the member's own mistake.
    expect(await call('POST', '/withdrawals/request', member, { amount: 4_000 })).toMatchObject({ status: 409 });

    const streamId = accountStreamId(memberId);
    const recorded = await store.readStream(streamId);
    const depositEvent = recorded.find((e) => e.type === 'DepositRecorded');
    expect(depositEvent?.data).toMatchObject({ amountMicro: '14000000' });
    await signedUpTo(streamId, depositEvent?.revision ?? 0n);

    // The person with database access: past the append-only trigger as a superuser, the amount inflated, every hash after it recomputed.
    const { pool, eventStoreSchema } = product.schemas;
    await editAndRechain(pool, eventStoreSchema, streamId, depositEvent?.revision ?? 0n, (data) => ({ ...data, amountMicro: '4014000000' }));
    const forged = await store.readStream(streamId);
    expect(forged.find((e) => e.type === 'DepositRecorded')?.data).toMatchObject({ amountMicro: '4014000000' });
    await restartCommandApi();

    const refused = await call('POST', '/withdrawals/request', member, { amount: 4_000 });
    expect(refused).toMatchObject({ status: 500, body: { code: 'integrity-check-failed', message: expect.stringMatching(/integrity check/) } });
    expect((await store.readStream(streamId)).length).toBe(forged.length);
    expect(product.output.join('')).toMatch(/INTEGRITY: a stream's hash chain does not hold/);

    const verified = await auditVerify(product);
    expect(verified.code, verified.stdout + verified.stderr).toBe(1);
    expect(verified.stderr).toContain(`BROKEN: ${streamId} at revision ${depositEvent?.revision ?? 0n} (checkpoint-mismatch)`);
  });
});

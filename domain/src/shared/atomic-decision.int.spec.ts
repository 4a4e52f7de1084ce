import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { accountStreamId } from '../money/account/account.js';
import { accountAggregate } from '../money/account/decide.js';
import { processWithdrawal } from '../money/withdrawals/process-withdrawal.js';
import { referenceWithdrawal } from '../money/withdrawals/withdrawal-ref.js';
import { commandMetadata, type CommandContext } from './command-context.js';

// The admin's "approve with the payout hash" is one decision of two events. Its process really
// dies here (SIGKILL: no finally, no pending write runs), right before the append and while the
// append statement is inside PostgreSQL, and the stream is watched throughout: it shows both
// events or neither, never an approval without its completion.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CHILD = 'domain/src/shared/testing/admin-action-child.ts';
const DECISION = ['WithdrawalApproved', 'WithdrawalCompleted'];

interface Run {
  readonly child: ChildProcess;
  readonly stdout: () => string;
  readonly stderr: () => string;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('an admin action of several events when its process is SIGKILLed between deciding and recording', () => {
  let schemas: TestSchemas;
  let store: EventStore;
  const ctx = (): CommandContext => ({ actor: { type: 'system', reason: 'test' }, correlationId: 't', causationId: 't', now: new Date() });

  beforeAll(async () => {
    schemas = await createTestSchemas('atomicdecision');
    store = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
  });
  afterAll(async () => schemas?.drop());

  /** A member with 10 USDC and a pending 4 USDC withdrawal. */
  async function pendingWithdrawal(): Promise<{ userId: string; withdrawalId: string }> {
    const userId = randomUUID();
    const withdrawalId = randomUUID();
    const metadata = commandMetadata(ctx());
    const hash = `0x${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}`;
    const deposit = { depositId: randomUUID(), userId, transactionHash: hash, amountMicro: 10_000_000n, timestamp: metadata.now, planId: null, feePercentage: '0' };
    await accountAggregate.handle({ eventStore: store }, userId, { type: 'RecordDeposit', data: deposit, metadata }, ctx());
    await referenceWithdrawal({ eventStore: store }, { withdrawalId, userId }, ctx());
    const destination = { addressId: randomUUID(), label: 'Main', address: '0x1111111111111111111111111111111111111111', network: 'Avalanche' as const };
    const request = { withdrawalId, userId, amountMicro: 4_000_000n, asset: 'USDC' as const, destination };
    await accountAggregate.handle({ eventStore: store }, userId, { type: 'RequestWithdrawal', data: request, metadata }, ctx());
    return { userId, withdrawalId };
  }

  const decisionEvents = async (userId: string) =>
    (await store.readStream(accountStreamId(userId))).map((e) => e.type).filter((type) => DECISION.includes(type));

  /** Fails the test the moment the stream shows part of the decision. */
  async function expectAllOrNothing(userId: string): Promise<string[]> {
    const seen = await decisionEvents(userId);
    expect([[], DECISION]).toContainEqual(seen);
    return seen;
  }

  function spawnAction(withdrawalId: string, pause: 'before' | 'within'): Run {
    let stdout = '';
    let stderr = '';
    const transactionHash = `0x${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}`;
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', CHILD], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: schemas.connectionString,
        EVENT_STORE_SCHEMA: schemas.eventStoreSchema,
        ACTION_WITHDRAWAL_ID: withdrawalId,
        ACTION_BODY: JSON.stringify({ action: 'approve', transactionHash }),
        ACTION_PAUSE: pause,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return { child, stdout: () => stdout, stderr: () => stderr };
  }

  /** Waits until the child is about to record the completion, checking the stream all the while. */
  async function untilCompletionAppend(run: Run, userId: string): Promise<void> {
    await until('the completion to be appended', async () => {
      await expectAllOrNothing(userId);
      if (run.child.exitCode !== null) throw new Error(`the action's process exited (${run.child.exitCode}) early:\n${run.stderr()}`);
      return run.stdout().includes('WithdrawalCompleted') ? true : undefined;
    });
  }

  it('records nothing when the process dies right before the append', async () => {
    const { userId, withdrawalId } = await pendingWithdrawal();
    const run = spawnAction(withdrawalId, 'before');
    await untilCompletionAppend(run, userId);
    await killHard(run.child);
    expect(await expectAllOrNothing(userId)).toEqual([]);
    // Nothing half done is left behind: the admin's retry records the whole decision.
    const answer = await processWithdrawal({ eventStore: store }, { withdrawalId, request: { action: 'approve', transactionHash: `0x${'cd'.repeat(32)}` } }, ctx());
    expect(answer).toMatchObject({ status: 'completed' });
    expect(await expectAllOrNothing(userId)).toEqual(DECISION);
  });

  it('shows all of the decision or none of it when the process dies while PostgreSQL holds the append', async () => {
    const appendStatement = `%${schemas.eventStoreSchema}.append_events%`;
    const { userId, withdrawalId } = await pendingWithdrawal();
    const run = spawnAction(withdrawalId, 'within');
    await untilCompletionAppend(run, userId);
    // Hold the stream's append lock, so the child's append statement is in PostgreSQL, waiting, when the child dies.
    const holder = await schemas.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [accountStreamId(userId)]);
      run.child.stdin?.write('go\n');
      // Asked outside the holder's transaction, which would keep seeing its first snapshot of pg_stat_activity.
      await until('the append to wait for its lock', async () => {
        const { rows } = await schemas.pool.query<{ n: string }>(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND wait_event = 'advisory' AND query LIKE $1`,
          [appendStatement],
        );
        return Number(rows[0]?.n) > 0 ? true : undefined;
      });
      await killHard(run.child);
      expect(await expectAllOrNothing(userId)).toEqual([]);
      await holder.query('COMMIT');
    } finally {
      holder.release();
    }
    // The orphaned statement ends one way or the other; watch the stream until its backend is gone.
    await until('the killed append to end', async () => {
      await expectAllOrNothing(userId);
      const { rows } = await schemas.pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM pg_stat_activity WHERE query LIKE $1 AND pid <> pg_backend_pid() AND state = 'active'`,
        [appendStatement],
      );
      return Number(rows[0]?.n) === 0 ? true : undefined;
    });
    const outcome = await expectAllOrNothing(userId);
    const answer = await processWithdrawal({ eventStore: store }, { withdrawalId, request: { action: 'complete', transactionHash: `0x${'ef'.repeat(32)}` } }, ctx()).catch((e: unknown) => e);
    // Either the whole decision landed (a later completion with another hash is refused) or none did (approval is still to come).
    if (outcome.length === 0) expect(answer).toMatchObject({ message: expect.stringContaining('Only an approved withdrawal can be completed') });
    else expect(answer).toMatchObject({ message: expect.stringContaining('already completed with a different transaction hash') });
  });
});

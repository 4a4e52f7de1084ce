import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkpointAnchors } from '@concierge/platform/audit/checkpoint-anchors';
import { signTestCheckpoint, testAuditKey } from '@concierge/platform/audit/testing/checkpoint';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import type { SnapshotStore } from '@concierge/platform/snapshot-store/port';
import { createPgSnapshotStore } from '@concierge/platform/snapshot-store/postgres/pg-snapshot-store';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { editAndRechain, tamper } from '@concierge/platform/testing/tamper';
import { accountStreamId } from '../money/account/account.js';
import type { AccountCommand } from '../money/account/decide.js';
import { accountAggregate } from '../money/account/decide.js';
import { recordDeposit, requestWithdrawal, USER_ID } from '../money/account/testing.js';
import type { AggregateDeps } from './aggregate.js';
import { aggregateStates, snapshotsWritten, type AggregateStates, type AggregateStatesOptions } from './aggregate-states.js';
import { ChainIntegrityError } from './chain-check.js';
import type { CommandContext } from './command-context.js';

const ctx = (): CommandContext => ({ actor: { type: 'system', reason: 'test' }, correlationId: 't', causationId: 't', now: new Date() });
const USDC = 1_000_000n;
const INFLATED = (data: Record<string, unknown>) => ({ ...data, amountMicro: (4_014n * USDC).toString() });

describe('a money decision on a stream whose events were edited and re-chained', () => {
  let schemas: TestSchemas;
  let events: EventStore;
  let snapshots: SnapshotStore;
  const key = testAuditKey().key;
  const failures: ChainIntegrityError[] = [];

  // A store of its own per test: a tampered store signs no further checkpoint.
  beforeEach(async () => {
    schemas = await createTestSchemas('chaincheck');
    events = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    snapshots = createPgSnapshotStore({ pool: schemas.pool, schema: schemas.eventStoreSchema });
  });
  afterEach(async () => schemas?.drop());

  /** A process of the command side: its own cache, the shared snapshots, the signed checkpoints' heads. */
  const process = (options: Partial<AggregateStatesOptions> = {}): AggregateDeps => ({
    eventStore: events,
    aggregateStates: aggregateStates({ snapshots, snapshotEvery: 1_000, anchors: checkpointAnchors(events, key, { refreshMs: 0 }), onIntegrityFailure: (e) => failures.push(e), ...options }),
  });
  const withStates = (states: AggregateStates): AggregateDeps => ({ eventStore: events, aggregateStates: states });

  /** A member (one stream per test) with 14 USDC deposited in two deposits, the first at revision 0. */
  async function memberWith14(store: AggregateDeps): Promise<string> {
    const userId = `${USER_ID}-${randomUUID()}`;
    for (const amount of [10n, 4n]) await accountAggregate.handle(store, userId, asMember(recordDeposit(randomUUID(), amount * USDC), userId), ctx());
    return userId;
  }
  const asMember = <C extends AccountCommand>(command: C, userId: string): C => ({ ...command, data: { ...command.data, userId } });
  const withdraw = (store: AggregateDeps, userId: string, amount: bigint) =>
    accountAggregate.handle(store, userId, asMember(requestWithdrawal(randomUUID(), amount * USDC), userId), ctx());
  const appendedSince = async (userId: string) => (await events.readStream(accountStreamId(userId))).length;

  it('refuses it in the process that folded the stream before, nothing appended', async () => {
    const store = process();
    const userId = await memberWith14(store);
    await editAndRechain(schemas.pool, schemas.eventStoreSchema, accountStreamId(userId), 0n, INFLATED);
    await expect(withdraw(store, userId, 4_000n)).rejects.toBeInstanceOf(ChainIntegrityError);
    expect(await appendedSince(userId)).toBe(2);
    expect(failures.at(-1)).toMatchObject({ streamId: accountStreamId(userId), revision: 1n });
  });

  it('refuses it after a restart when a signed checkpoint recorded the stream after the edited event', async () => {
    const userId = await memberWith14(process());
    await signTestCheckpoint(events, key);
    await editAndRechain(schemas.pool, schemas.eventStoreSchema, accountStreamId(userId), 0n, INFLATED);
    // A new process: no cache, no snapshot; the chain holds from genesis but not through the checkpoint's head.
    await expect(withdraw(process(), userId, 4_000n)).rejects.toThrow(/integrity check/);
    expect(failures.at(-1)?.reason).toMatch(/signed checkpoint/);
    expect(await appendedSince(userId)).toBe(2);
  });

  it('refuses it after a restart from a snapshot taken before the edit', async () => {
    const first = aggregateStates({ snapshots, snapshotEvery: 1, anchors: checkpointAnchors(events, key, { refreshMs: 0 }) });
    const userId = await memberWith14(withStates(first));
    await snapshotsWritten(first);
    await withdraw(withStates(first), userId, 1n);
    await snapshotsWritten(first);
    await signTestCheckpoint(events, key);
    // The snapshot is at revision 2; the edit is of revision 1, re-chained through the head.
    await editAndRechain(schemas.pool, schemas.eventStoreSchema, accountStreamId(userId), 1n, INFLATED);
    await expect(withdraw(process(), userId, 4_000n)).rejects.toBeInstanceOf(ChainIntegrityError);
    expect(await appendedSince(userId)).toBe(3);
  });

  it('refuses an edit that was not re-chained even without a checkpoint, after a restart', async () => {
    const userId = await memberWith14(process());
    await tamper(schemas.pool, `UPDATE ${schemas.eventStoreSchema}.events SET data = $2::json WHERE stream_id = $1 AND stream_revision = 0`, [
      accountStreamId(userId),
      JSON.stringify(INFLATED((await events.readStream(accountStreamId(userId)))[0]?.data ?? {})),
    ]);
    await expect(withdraw(process({ anchors: checkpointAnchors(events, testAuditKey().key, { refreshMs: 0 }) }), userId, 4_000n)).rejects.toThrow(
      /integrity check/,
    );
    expect(failures.at(-1)?.reason).toMatch(/does not hash to its recorded hash/);
  });

  it('decides as before on an untouched stream, from the cache, a snapshot and after a checkpoint', async () => {
    const store = process({ snapshotEvery: 2 });
    const userId = await memberWith14(store);
    await signTestCheckpoint(events, key);
    await expect(withdraw(store, userId, 4_000n)).rejects.toThrow(/balance/i);
    await withdraw(store, userId, 3n);
    const restarted = await withdraw(process(), userId, 2n);
    expect(restarted.newState.availableMicro).toBe(9n * USDC);
  });
});

import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { accountStreamId } from '@concierge/domain/money/account/account';
import { depositIdFor, recordDeposit } from '@concierge/domain/money/deposits/record-deposit';
import { creditDetectedDeposit } from './credit.js';
import type { DetectedTransfer } from './scan.js';
import { createPlan, memberWithDepositAddress } from './testing/members.js';

const hash = () => `0x${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}`;
const admin = { actor: { type: 'user' as const, userId: 'admin-1', role: 'admin' as const }, correlationId: 't', causationId: 't', now: new Date() };

describe('crediting detected deposits: approved members only, nothing lost', () => {
  let schemas: TestSchemas;
  let eventStore: EventStore;
  let planId: string;
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    }),
  );

  beforeAll(async () => {
    schemas = await createTestSchemas('depositcredit');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    planId = await createPlan(eventStore, '2.5');
  });
  afterAll(async () => {
    await schemas?.drop();
  });

  const changeStatus = async (userId: string, from: string, to: string) => {
    const id = randomUUID();
    const at = new Date().toISOString();
    const stream = await eventStore.readStream(`user-${userId}`);
    await eventStore.appendToStream(
      `user-${userId}`,
      [{ id, type: 'UserStatusChanged', data: { userId, from, to, changedAt: at }, metadata: { actor: admin.actor, correlationId: id, causationId: id, occurredAt: at, schemaVersion: 1 } }],
      { expectedRevision: BigInt(stream.length - 1) },
    );
  };
  const transferTo = (member: { userId: string; address: string }): DetectedTransfer => ({
    userId: member.userId,
    from: '0x2222222222222222222222222222222222222222',
    to: member.address,
    value: 25_000_000n,
    blockNumber: 42,
    transactionHash: hash(),
    logIndex: 3,
    timestamp: '2026-11-20T08:00:00.000Z',
  });

  it('records a transfer to a suspended member as not credited (once, however often scanned), logs it, and leaves the hash for an admin', async () => {
    const member = await memberWithDepositAddress(eventStore, { index: 11, planId });
    await changeStatus(member.userId, 'approved', 'suspended');
    const transfer = transferTo(member);
    const credit = creditDetectedDeposit({ eventStore }, 'Avalanche', logger);
    await credit(transfer);
    await credit(transfer); // a re-scan of the same range
    expect(await eventStore.readStream(accountStreamId(member.userId))).toEqual([]);
    const held = await eventStore.readStream(`heldDeposit-${depositIdFor({ transactionHash: transfer.transactionHash, logIndex: 3 })}`);
    expect(held.map((e) => e.type)).toEqual(['DepositNotCredited']);
    expect(held[0]?.data).toMatchObject({
      userId: member.userId,
      transactionHash: transfer.transactionHash,
      amountMicro: '25000000',
      logIndex: 3,
      toAddress: member.address,
      reason: 'recipient_not_member',
      accountStatus: 'suspended',
      accountRole: 'user',
    });
    const logged = lines.filter((l) => l['transactionHash'] === transfer.transactionHash);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 40, userId: member.userId, accountStatus: 'suspended' });

    // Once the member is approved again, an admin records the money with the same hash.
    await changeStatus(member.userId, 'suspended', 'approved');
    const recorded = await recordDeposit(
      { eventStore },
      { source: 'admin', userId: member.userId, transactionHash: transfer.transactionHash, amountMicro: transfer.value, timestamp: transfer.timestamp },
      admin,
    );
    expect(recorded.credited).toBe(true);
  });

  it('still credits an approved member as before', async () => {
    const member = await memberWithDepositAddress(eventStore, { index: 12, planId });
    await creditDetectedDeposit({ eventStore }, 'Avalanche', logger)(transferTo(member));
    expect((await eventStore.readStream(accountStreamId(member.userId))).map((e) => e.type)).toEqual(['DepositDetected']);
  });
});

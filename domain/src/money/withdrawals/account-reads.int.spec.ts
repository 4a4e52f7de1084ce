import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore, ReadStreamOptions } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { aggregateStates, type AggregateDeps } from '../../shared/aggregate-states.js';
import { commandMetadata, toNewEvents, type CommandContext } from '../../shared/command-context.js';
import { accountStreamId } from '../account/account.js';
import { accountAggregate } from '../account/decide.js';
import { readAccount } from '../account/read-account.js';
import { transactionClaimStreamId } from '../transaction-claims/claim-transaction.js';
import { addWithdrawalAddress } from '../withdrawal-addresses/add-withdrawal-address.js';
import { processWithdrawal } from './process-withdrawal.js';
import { requestWithdrawal } from './request-withdrawal.js';
import { withdrawalRefStreamId } from './withdrawal-ref.js';

// The withdrawal request and the admin's payout take their reservations (the withdrawal's
// reference, the payout hash's claim) inside the attempt that decides them: the account stream
// is read once and decided once per attempt, never decided beforehand on a read of its own.

const ctx = (): CommandContext => ({ actor: { type: 'system', reason: 'test' }, correlationId: randomUUID(), causationId: randomUUID(), now: new Date() });
const USDC = 1_000_000n;
const hash = () => `0x${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}`;

describe('reads of the account stream by a withdrawal request and a payout', () => {
  let schemas: TestSchemas;
  let plain: EventStore;
  /** Every stream read, in order. */
  let reads: string[] = [];
  /** Runs once before the next append to an account stream: a writer that got there first. */
  let beforeNextAccountAppend: (() => Promise<void>) | undefined;
  const readsOf = (streamId: string) => reads.filter((read) => read === streamId).length;

  beforeAll(async () => {
    schemas = await createTestSchemas('accountreads');
    plain = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
  });
  afterAll(async () => schemas?.drop());
  beforeEach(() => {
    reads = [];
    beforeNextAccountAppend = undefined;
  });

  /** The real PostgreSQL store, counting its stream reads. */
  const counting = (): EventStore => ({
    ...plain,
    readStream: async (streamId: string, options?: ReadStreamOptions) => {
      reads.push(streamId);
      return plain.readStream(streamId, options);
    },
    appendToStream: async (streamId, events, options) => {
      if (streamId.startsWith('account-')) {
        const racer = beforeNextAccountAppend;
        beforeNextAccountAppend = undefined;
        await racer?.();
      }
      return plain.appendToStream(streamId, events, options);
    },
  });
  const cold = (): AggregateDeps => ({ eventStore: counting() });

  /** A member with `amount` USDC and a primary withdrawal address, written straight to the store. */
  async function member(amount: bigint): Promise<string> {
    const userId = randomUUID();
    const metadata = commandMetadata(ctx());
    const deposit = { depositId: randomUUID(), userId, transactionHash: hash(), amountMicro: amount, timestamp: metadata.now, planId: null, feePercentage: '0' };
    await accountAggregate.handle({ eventStore: plain }, userId, { type: 'RecordDeposit', data: deposit, metadata }, ctx());
    await addWithdrawalAddress({ eventStore: plain }, { userId, label: 'Main', address: '0x1111111111111111111111111111111111111111', network: 'Avalanche' }, ctx());
    return userId;
  }

  /** Another deposit of the member, appended behind the command's back. */
  const depositBehindTheBack = (userId: string) => async () => {
    const data = { depositId: randomUUID(), userId, transactionHash: hash(), amountMicro: '1000000', feePercentageAtDeposit: '0', feeMicro: '0', planId: null, timestamp: new Date().toISOString(), recordedAt: new Date().toISOString() };
    await plain.appendToStream(accountStreamId(userId), toNewEvents([{ type: 'DepositRecorded', data }], ctx()), { expectedRevision: 'any' });
  };

  it('reads the account once to request a withdrawal, and takes the reference only for the request it accepts', async () => {
    const userId = await member(100n * USDC);
    const requested = await requestWithdrawal(cold(), { userId, amount: 30n * USDC, asset: 'USDC' }, ctx());
    expect(requested.replayed).toBe(false);
    expect(readsOf(accountStreamId(userId))).toBe(1);
    expect(await plain.readStream(withdrawalRefStreamId(requested.withdrawalId))).toHaveLength(1);

    reads = [];
    const refused = await requestWithdrawal(cold(), { userId, amount: 80n * USDC, asset: 'USDC' }, ctx()).catch((error: unknown) => error);
    expect(refused).toMatchObject({ message: 'Insufficient available balance: you can withdraw up to 70 USDC.' });
    expect(readsOf(accountStreamId(userId))).toBe(1);
    // Refused in its one decision: no reference was left behind for it.
    expect(reads.filter((read) => read.startsWith('withdrawalRef-'))).toEqual([]);
  });

  it('reads the account once from a warm cache too', async () => {
    const userId = await member(100n * USDC);
    const warm: AggregateDeps = { eventStore: counting(), aggregateStates: aggregateStates() };
    await readAccount(warm, userId);
    reads = [];
    await requestWithdrawal(warm, { userId, amount: 10n * USDC, asset: 'USDC' }, ctx());
    expect(readsOf(accountStreamId(userId))).toBe(1);
  });

  it('reads and decides the account once per attempt when a concurrent writer makes it decide again', async () => {
    const userId = await member(100n * USDC);
    beforeNextAccountAppend = depositBehindTheBack(userId);
    const requested = await requestWithdrawal(cold(), { userId, amount: 30n * USDC, asset: 'USDC', idempotencyKey: randomUUID() }, ctx());
    // Two attempts: two reads; the reference taken in each is the same one.
    expect(readsOf(accountStreamId(userId))).toBe(2);
    expect(await plain.readStream(withdrawalRefStreamId(requested.withdrawalId))).toHaveLength(1);
    expect((await readAccount({ eventStore: plain }, userId)).withdrawals.get(requested.withdrawalId)).toMatchObject({ status: 'pending', amountMicro: 30n * USDC });
  });

  it('reads the account once to approve and complete with a payout hash, claiming the hash in the same attempt', async () => {
    const userId = await member(100n * USDC);
    const { withdrawalId } = await requestWithdrawal({ eventStore: plain }, { userId, amount: 30n * USDC, asset: 'USDC' }, ctx());
    const transactionHash = hash();
    reads = [];
    const processed = await processWithdrawal(cold(), { withdrawalId, request: { action: 'approve', transactionHash } }, ctx());
    expect(processed.status).toBe('completed');
    expect(readsOf(accountStreamId(userId))).toBe(1);
    expect(readsOf(transactionClaimStreamId(transactionHash))).toBe(1);
    expect((await plain.readStream(transactionClaimStreamId(transactionHash))).map((event) => event.data)).toEqual([
      expect.objectContaining({ withdrawalId, userId, transactionHash: transactionHash.toLowerCase() }),
    ]);
  });

  it('reads the account once per attempt of a payout that loses a race, and claims its hash once', async () => {
    const userId = await member(100n * USDC);
    const { withdrawalId } = await requestWithdrawal({ eventStore: plain }, { userId, amount: 30n * USDC, asset: 'USDC' }, ctx());
    await processWithdrawal({ eventStore: plain }, { withdrawalId, request: { action: 'approve' } }, ctx());
    const transactionHash = hash();
    reads = [];
    beforeNextAccountAppend = depositBehindTheBack(userId);
    await processWithdrawal(cold(), { withdrawalId, request: { action: 'complete', transactionHash } }, ctx());
    expect(readsOf(accountStreamId(userId))).toBe(2);
    expect(await plain.readStream(transactionClaimStreamId(transactionHash))).toHaveLength(1);
    expect((await readAccount({ eventStore: plain }, userId)).withdrawals.get(withdrawalId)).toMatchObject({ status: 'completed', transactionHash });
  });
});

import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Wallet, type JsonRpcProvider } from 'ethers';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { TestSchemas } from '@concierge/platform/testing/postgres';
import { accountStreamId } from '@concierge/domain/money/account/account';
import { readAccount } from '@concierge/domain/money/account/read-account';
import type { ChainSettings } from '../../chain/config.js';
import { tokenBalance } from '../../chain/erc20.js';
import type { LocalEvm } from '../../chain/testing/local-evm.js';
import { SETTLE_WITHDRAWAL, SETTLEMENT_QUEUE, settlementJobId, settlementJobOptions, type SettleWithdrawalJobData } from '../../queues.js';
import { createRedis } from '../../redis.js';
import { settlementProcessor } from './processor.js';
import { CANNOT_PAY_REASON, settleWithdrawal, type SettlementCrashPoints, type SettlementDeps } from './settle.js';
import { approvedWithdrawal } from './testing/approved-withdrawal.js';
import { dieOnce, until } from './testing/until.js';
import { payoutDeps, startPayoutRig, stopPayoutRig } from './testing/payout-rig.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const AMOUNT = 12_345_678n;
const CONFIRMATIONS = 3;

describe('on-chain settlement of approved withdrawals', () => {
  const prefix = `test-settle-${randomUUID().slice(0, 8)}`;
  let evm: LocalEvm;
  let provider: JsonRpcProvider;
  let hot: Wallet;
  let chain: ChainSettings;
  let schemas: TestSchemas;
  let eventStore: EventStore;
  let connection: Redis;
  let queue: Queue;

  beforeAll(async () => {
    ({ evm, provider, hot, chain, schemas, eventStore } = await startPayoutRig('settlement', CONFIRMATIONS));
    connection = createRedis(REDIS_URL);
    queue = new Queue(SETTLEMENT_QUEUE, { connection, prefix });
  });
  afterAll(async () => {
    await queue?.obliterate({ force: true });
    await queue?.close();
    connection?.disconnect();
    await stopPayoutRig({ evm, provider, schemas });
  });

  const deps = (crashPoints?: SettlementCrashPoints): SettlementDeps => payoutDeps({ eventStore, provider, hot, chain }, { crashPoints });
  const nonceOf = (address: string) => provider.getTransactionCount(address, 'latest');
  const settlementEvents = async (userId: string) =>
    (await eventStore.readStream(accountStreamId(userId))).map((e) => e.type).filter((t) => t.startsWith('WithdrawalSettlement') || t === 'WithdrawalCompleted');

  /** Runs one payout through a real worker on the SETTLEMENT queue, retrying quickly after a "kill". */
  async function payThroughQueue(target: SettleWithdrawalJobData, crashPoints: SettlementCrashPoints, whileWaiting?: () => Promise<void>) {
    const workerConnection = createRedis(REDIS_URL);
    const worker = new Worker(SETTLEMENT_QUEUE, settlementProcessor(deps(crashPoints)), { connection: workerConnection, prefix, concurrency: 1 });
    try {
      await queue.add(SETTLE_WITHDRAWAL, target, { ...settlementJobOptions(target.withdrawalId), backoff: { type: 'fixed', delay: 50 } });
      if (whileWaiting) await whileWaiting();
      return await until('the payout job to finish', async () => {
        const job = await queue.getJob(settlementJobId(target.withdrawalId));
        const state = job ? await job.getState() : undefined;
        if (state === 'failed') throw new Error(`payout job failed: ${job?.failedReason}`);
        // Read again once completed: the job read before its state may predate the completion (a CI
        // run saw attemptsMade 1 on a job that had finished its second attempt).
        return state === 'completed' ? queue.getJob(settlementJobId(target.withdrawalId)) : undefined;
      });
    } finally {
      await worker.close();
      workerConnection.disconnect();
    }
  }

  it('pays once when the worker dies after recording the signed transaction and before sending it', async () => {
    const to = Wallet.createRandom().address;
    const target = await approvedWithdrawal(eventStore, { amountMicro: AMOUNT, to });
    const nonceBefore = await nonceOf(hot.address);
    const kill = dieOnce();
    const miner = setInterval(() => void evm.mineBlocks(1), 50);
    try {
      const trace = { correlationId: 'approval-request-7', causationId: 'approval-event-7' };
      const job = await payThroughQueue({ ...target, ...trace }, { afterSigned: kill.point });
      expect(kill.died()).toBe(true);
      // Every fact of the payout, the retried run's too, names the approval that started it.
      const payout = (await eventStore.readStream(accountStreamId(target.userId))).filter((e) => e.type.startsWith('WithdrawalSettlement') || e.type === 'WithdrawalCompleted');
      expect(payout.map((e) => [e.metadata.correlationId, e.metadata.causationId])).toEqual(payout.map(() => [trace.correlationId, trace.causationId]));
      expect(job.attemptsMade).toBe(2);
    } finally {
      clearInterval(miner);
    }

    expect(await tokenBalance(provider, chain.tokenAddress, to)).toBe(AMOUNT);
    expect(await nonceOf(hot.address)).toBe(nonceBefore + 1);
    const withdrawal = (await readAccount({ eventStore }, target.userId)).withdrawals.get(target.withdrawalId);
    expect(withdrawal?.status).toBe('completed');
    const receipt = await provider.getTransactionReceipt(withdrawal?.transactionHash ?? '');
    expect(receipt?.status).toBe(1);
    expect(receipt?.from).toBe(hot.address);
    expect(await settlementEvents(target.userId)).toEqual(['WithdrawalSettlementSigned', 'WithdrawalSettlementBroadcast', 'WithdrawalCompleted']);
  });

  it('pays once when the worker dies after sending, and completes only after the confirmations', async () => {
    const to = Wallet.createRandom().address;
    const target = await approvedWithdrawal(eventStore, { amountMicro: AMOUNT, to });
    const nonceBefore = await nonceOf(hot.address);
    const kill = dieOnce();
    const job = await payThroughQueue(target, { afterSent: kill.point }, async () => {
      // The payout is mined at once (automine) but needs CONFIRMATIONS blocks: no completion before them.
      const signedHash = await until('the payout to be mined', async () => {
        const signed = (await readAccount({ eventStore }, target.userId)).withdrawals.get(target.withdrawalId)?.signedAttempt;
        return signed && (await provider.getTransactionReceipt(signed.transactionHash)) ? signed.transactionHash : undefined;
      });
      await until('the retried run to wait for confirmations', async () => (kill.died() ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await readAccount({ eventStore }, target.userId)).withdrawals.get(target.withdrawalId)?.status).toBe('approved');
      await evm.mineBlocks(CONFIRMATIONS - 1);
      expect(signedHash).toMatch(/^0x[0-9a-f]{64}$/);
    });

    expect(job.attemptsMade).toBe(2);
    expect(await tokenBalance(provider, chain.tokenAddress, to)).toBe(AMOUNT);
    expect(await nonceOf(hot.address)).toBe(nonceBefore + 1);
    const withdrawal = (await readAccount({ eventStore }, target.userId)).withdrawals.get(target.withdrawalId);
    expect(withdrawal?.status).toBe('completed');
    expect((await provider.getTransactionReceipt(withdrawal?.transactionHash ?? ''))?.status).toBe(1);
    expect(await settlementEvents(target.userId)).toEqual(['WithdrawalSettlementSigned', 'WithdrawalSettlementBroadcast', 'WithdrawalCompleted']);

    // A late duplicate of the job (e.g. a re-delivered approval) pays nothing more.
    expect(await settleWithdrawal(deps(), target)).toEqual({ kind: 'nothing-to-pay', status: 'completed' });
    expect(await tokenBalance(provider, chain.tokenAddress, to)).toBe(AMOUNT);
  });

  it('signs anew, and still pays once, when the recorded transaction lost its nonce to another one', async () => {
    const to = Wallet.createRandom().address;
    const target = await approvedWithdrawal(eventStore, { amountMicro: AMOUNT, to });
    const kill = dieOnce();
    await expect(settleWithdrawal(deps({ afterSigned: kill.point }), target)).rejects.toThrow('worker killed');
    const lost = (await readAccount({ eventStore }, target.userId)).withdrawals.get(target.withdrawalId)?.signedAttempt;
    // Another payment of the hot wallet takes the nonce the recorded transaction was signed with.
    await (await hot.connect(provider).sendTransaction({ to: Wallet.createRandom().address, value: 1n, nonce: lost?.nonce })).wait();

    const miner = setInterval(() => void evm.mineBlocks(1), 50);
    try {
      const outcome = await settleWithdrawal(deps(), target);
      expect(outcome.kind).toBe('completed');
      expect(outcome.kind === 'completed' && outcome.transactionHash).not.toBe(lost?.transactionHash);
    } finally {
      clearInterval(miner);
    }
    expect(await tokenBalance(provider, chain.tokenAddress, to)).toBe(AMOUNT);
    expect(await provider.getTransaction(lost?.transactionHash ?? '')).toBeNull();
    expect(await settlementEvents(target.userId)).toEqual([
      'WithdrawalSettlementSigned',
      'WithdrawalSettlementFailed',
      'WithdrawalSettlementSigned',
      'WithdrawalSettlementBroadcast',
      'WithdrawalCompleted',
    ]);
  });

  it('pays nothing to a destination on another network and leaves the withdrawal to an admin', async () => {
    const to = Wallet.createRandom().address;
    const target = await approvedWithdrawal(eventStore, { amountMicro: AMOUNT, to, network: 'Polygon' });
    const outcome = await settleWithdrawal(deps(), target);
    expect(outcome).toMatchObject({ kind: 'failed' });
    expect(await tokenBalance(provider, chain.tokenAddress, to)).toBe(0n);
    expect((await readAccount({ eventStore }, target.userId)).withdrawals.get(target.withdrawalId)?.status).toBe('approved');
    expect(await settlementEvents(target.userId)).toEqual(['WithdrawalSettlementFailed']);
  });
  it('records why it cannot pay when the hot wallet lacks USDC, signs nothing, and retries later', async () => {
    const broke = evm.wallets[3];
    if (!broke) throw new Error('need a fourth funded account');
    const to = Wallet.createRandom().address;
    const target = await approvedWithdrawal(eventStore, { amountMicro: AMOUNT, to });
    const nonceBefore = await nonceOf(broke.address);
    const poor = { ...deps(), wallet: new Wallet(broke.privateKey) };
    await expect(settleWithdrawal(poor, target)).rejects.toThrow();
    await expect(settleWithdrawal(poor, target)).rejects.toThrow();
    expect(await nonceOf(broke.address)).toBe(nonceBefore);
    const withdrawal = (await readAccount({ eventStore }, target.userId)).withdrawals.get(target.withdrawalId);
    expect(withdrawal).toMatchObject({ status: 'approved', signedAttempt: null, lastUnsignedFailureReason: CANNOT_PAY_REASON });
    // Reported once, however often the job retries.
    expect(await settlementEvents(target.userId)).toEqual(['WithdrawalSettlementFailed']);
  });
});

import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Wallet, type Contract, type HDNodeWallet, type JsonRpcProvider } from 'ethers';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DepositDetected } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createLogger } from '@concierge/platform/logging/logger';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { accountStreamId } from '@concierge/domain/money/account/account';
import { readAccount } from '@concierge/domain/money/account/read-account';
import { chainScanStreamId, readScanCheckpoint } from '@concierge/domain/money/deposits/scan-checkpoint';
import type { ChainSettings } from '../../chain/config.js';
import { chainProvider } from '../../chain/provider.js';
import { startLocalEvm, type LocalEvm } from '../../chain/testing/local-evm.js';
import { DEPOSIT_DETECTION_QUEUE, DEPOSIT_SCAN_JOB_OPTIONS, DEPOSIT_SCAN_SCHEDULER, SCAN_DEPOSITS } from '../../queues.js';
import { createRedis } from '../../redis.js';
import { creditDetectedDeposit } from './credit.js';
import { depositAddressIndex, type DepositAddressIndex } from './deposit-addresses.js';
import { depositDetectionProcessor } from './processor.js';
import { scanDeposits, type DepositScanDeps, type DetectedTransfer } from './scan.js';
import { createPlan, memberWithDepositAddress } from './testing/members.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const CONFIRMATIONS = 3;

describe('deposit detection on chain', () => {
  let evm: LocalEvm;
  let token: Contract;
  let payer: HDNodeWallet;
  let provider: JsonRpcProvider;
  let chain: ChainSettings;
  let schemas: TestSchemas;
  let eventStore: EventStore;
  let addresses: DepositAddressIndex;
  let planId: string;

  beforeAll(async () => {
    evm = await startLocalEvm();
    token = await evm.deployTestUsdc();
    const second = evm.wallets[2];
    if (!second) throw new Error('need a third funded account');
    payer = second;
    await (await token.getFunction('mint')(payer.address, 10_000_000_000n)).wait();
    provider = chainProvider(evm.rpcUrl, evm.chainId, 20);
    chain = { rpcUrl: evm.rpcUrl, chainId: evm.chainId, network: 'Avalanche', tokenAddress: await token.getAddress(), confirmations: CONFIRMATIONS };
    schemas = await createTestSchemas('depositscan');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    addresses = depositAddressIndex(eventStore, 3);
    planId = await createPlan(eventStore, '2.5');
  });
  afterAll(async () => {
    await schemas?.drop();
    provider?.destroy();
    await evm?.stop();
  });

  const deps = (credit = creditDetectedDeposit({ eventStore }, 'Avalanche')): DepositScanDeps => ({
    eventStore,
    provider,
    chain,
    addresses,
    credit,
    // Small ranges, so a scan spans several bounded getLogs calls.
    maxBlockRange: 4,
    startBlock: 0,
    logger: createLogger('test', 'silent'),
  });
  const pay = async (from: HDNodeWallet, to: string, amount: bigint, on: Contract = token) => {
    const receipt = await (await on.connect(from).getFunction('transfer')(to, amount)).wait();
    if (!receipt) throw new Error('transfer has no receipt');
    return { hash: String(receipt.hash).toLowerCase(), blockNumber: Number(receipt.blockNumber) };
  };
  const detected = async (userId: string) =>
    (await eventStore.readStream(accountStreamId(userId))).filter((e) => e.type === 'DepositDetected').map((e) => DepositDetected.parse(e.data));

  it('credits a transfer to a member address exactly once, net of the plan fee, once it is confirmed', async () => {
    const member = await memberWithDepositAddress(eventStore, { index: 3, planId });
    const stranger = Wallet.createRandom().address;
    const otherToken = await evm.deployTestUsdc();
    await (await otherToken.getFunction('mint')(payer.address, 1_000_000_000n)).wait();
    await pay(payer, stranger, 5_000_000n);
    await pay(payer, member.address, 7_000_000n, otherToken);
    const paid = await pay(payer, member.address, 100_000_000n);

    // The transfer's block has fewer than CONFIRMATIONS confirmations: not credited, not passed over.
    await scanDeposits(deps());
    expect(await detected(member.userId)).toEqual([]);
    const early = await readScanCheckpoint(eventStore, chainScanStreamId(chain.chainId, chain.tokenAddress));
    expect(early.nextBlock).toBeLessThanOrEqual(paid.blockNumber);

    await evm.mineBlocks(CONFIRMATIONS - 1);
    await scanDeposits(deps());
    await scanDeposits(deps());
    await evm.mineBlocks(10);
    const last = await scanDeposits(deps());
    expect(last.transfers).toBe(0);

    const deposits = await detected(member.userId);
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({
      transactionHash: paid.hash,
      amountMicro: '100000000',
      feePercentageAtDeposit: '2.5',
      feeMicro: '2500000',
      planId,
      network: 'Avalanche',
      blockNumber: paid.blockNumber,
      fromAddress: payer.address,
      toAddress: member.address,
    });
    const account = await readAccount({ eventStore }, member.userId);
    expect(account.balanceMicro).toBe(97_500_000n);
    const checkpoint = await readScanCheckpoint(eventStore, chainScanStreamId(chain.chainId, chain.tokenAddress));
    expect(checkpoint.nextBlock).toBe((await provider.getBlockNumber()) - CONFIRMATIONS + 2);
  });

  it('credits nothing twice when the scan dies after crediting and before recording the range', async () => {
    const member = await memberWithDepositAddress(eventStore, { index: 4, planId: null });
    const paid = await pay(payer, member.address, 3_000_000n);
    await evm.mineBlocks(CONFIRMATIONS);
    const before = await readScanCheckpoint(eventStore, chainScanStreamId(chain.chainId, chain.tokenAddress));

    const credit = creditDetectedDeposit({ eventStore }, 'Avalanche');
    const dyingCredit = async (transfer: DetectedTransfer) => {
      await credit(transfer);
      throw new Error('worker killed (test)');
    };
    await expect(scanDeposits(deps(dyingCredit))).rejects.toThrow('worker killed');
    expect(await readScanCheckpoint(eventStore, chainScanStreamId(chain.chainId, chain.tokenAddress))).toEqual(before);
    expect(await detected(member.userId)).toHaveLength(1);

    const rescan = await scanDeposits(deps());
    expect(rescan.transfers).toBe(1);
    expect((await detected(member.userId)).map((d) => d.transactionHash)).toEqual([paid.hash]);
    expect((await readAccount({ eventStore }, member.userId)).balanceMicro).toBe(3_000_000n);
  });

  it('passes over a transfer below the minimum deposit without blocking later ones', async () => {
    const member = await memberWithDepositAddress(eventStore, { index: 5, planId: null });
    await pay(payer, member.address, 9_999n);
    const paid = await pay(payer, member.address, 20_000n);
    await evm.mineBlocks(CONFIRMATIONS);
    await scanDeposits(deps());
    expect((await detected(member.userId)).map((d) => d.transactionHash)).toEqual([paid.hash]);
  });

  it('runs on its schedule through the DEPOSIT_DETECTION queue', async () => {
    const prefix = `test-scan-${randomUUID().slice(0, 8)}`;
    const connection: Redis = createRedis(REDIS_URL);
    const workerConnection: Redis = createRedis(REDIS_URL);
    const queue = new Queue(DEPOSIT_DETECTION_QUEUE, { connection, prefix });
    const worker = new Worker(DEPOSIT_DETECTION_QUEUE, depositDetectionProcessor(deps()), { connection: workerConnection, prefix, concurrency: 1 });
    try {
      const member = await memberWithDepositAddress(eventStore, { index: 6, planId });
      const paid = await pay(payer, member.address, 40_000_000n);
      await evm.mineBlocks(CONFIRMATIONS);
      await queue.upsertJobScheduler(DEPOSIT_SCAN_SCHEDULER, { every: 100 }, { name: SCAN_DEPOSITS, opts: DEPOSIT_SCAN_JOB_OPTIONS });
      const deadline = Date.now() + 10_000;
      while ((await detected(member.userId)).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect((await detected(member.userId)).map((d) => [d.transactionHash, d.feeMicro])).toEqual([[paid.hash, '1000000']]);
    } finally {
      await queue.removeJobScheduler(DEPOSIT_SCAN_SCHEDULER);
      await worker.close();
      await queue.obliterate({ force: true });
      await queue.close();
      connection.disconnect();
      workerConnection.disconnect();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@concierge/platform/config/env';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createLogger } from '@concierge/platform/logging/logger';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { readAccount } from '@concierge/domain/money/account/read-account';
import { WorkersConfig } from '../config.js';
import { DEPOSIT_DETECTION_QUEUE, SETTLEMENT_QUEUE } from '../queues.js';
import { createRedis } from '../redis.js';
import { memberWithDepositAddress } from '../jobs/deposit-detection/testing/members.js';
import { approvedWithdrawal } from '../jobs/settlement/testing/approved-withdrawal.js';
import { runReactor } from '../reactors/run-reactor.js';
import { startChainJobs, type ChainJobs } from './chain-jobs.js';
import { tokenBalance } from './erc20.js';
import { startLocalEvm, type LocalEvm } from './testing/local-evm.js';

async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('chain jobs as the workers start them', () => {
  let evm: LocalEvm;
  let schemas: TestSchemas;
  let eventStore: EventStore;
  let readStore: ReadStore;
  let jobs: ChainJobs | undefined;
  const prefix = `test-chain-${randomUUID().slice(0, 8)}`;
  const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

  beforeAll(async () => {
    evm = await startLocalEvm();
    schemas = await createTestSchemas('chainjobs');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
  });
  afterAll(async () => {
    await jobs?.close();
    // The scan's scheduler would otherwise stay in Redis under this test's prefix.
    const connection = createRedis(redisUrl);
    for (const name of [DEPOSIT_DETECTION_QUEUE, SETTLEMENT_QUEUE]) {
      const queue = new Queue(name, { connection, prefix });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    connection.disconnect();
    await schemas?.drop();
    await evm?.stop();
  });

  it('detects a deposit on schedule and pays an approved withdrawal with SETTLEMENT_MODE=onchain', async () => {
    const [deployer, hot, payer] = evm.wallets;
    if (!deployer || !hot || !payer) throw new Error('need three funded accounts');
    const token = await evm.deployTestUsdc(deployer);
    await (await token.getFunction('mint')(hot.address, 500_000_000n)).wait();
    await (await token.getFunction('mint')(payer.address, 500_000_000n)).wait();
    const config = loadConfig(WorkersConfig, {
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: prefix,
      CHAIN_RPC_URL: evm.rpcUrl,
      CHAIN_ID: String(evm.chainId),
      USDC_ADDRESS: await token.getAddress(),
      CHAIN_CONFIRMATIONS: '1',
      DEPOSIT_SCAN_INTERVAL_MS: '1000',
      SETTLEMENT_MODE: 'onchain',
      HOT_WALLET_PRIVATE_KEY: hot.privateKey,
    });
    jobs = await startChainJobs({ config, eventStore, logger: createLogger('test', 'silent') });
    const [payouts] = jobs.reactors;
    if (!payouts) throw new Error('on-chain mode must start the payout reactor');
    await runReactor(payouts, { eventStore, readStore });

    const member = await memberWithDepositAddress(eventStore, { index: 11, planId: null });
    await (await token.connect(payer).getFunction('transfer')(member.address, 25_000_000n)).wait();
    const to = Wallet.createRandom().address;
    const target = await approvedWithdrawal(eventStore, { amountMicro: 4_000_000n, to });
    await runReactor(payouts, { eventStore, readStore });

    await until('the deposit to be credited', async () => (await readAccount({ eventStore }, member.userId)).balanceMicro === 25_000_000n);
    await until(
      'the withdrawal to be completed',
      async () => (await readAccount({ eventStore }, target.userId)).withdrawals.get(target.withdrawalId)?.status === 'completed',
    );
    expect(await tokenBalance(evm.provider, await token.getAddress(), to)).toBe(4_000_000n);
  });
});

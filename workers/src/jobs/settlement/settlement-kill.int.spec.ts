import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Wallet, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { TestSchemas } from '@concierge/platform/testing/postgres';
import { accountStreamId } from '@concierge/domain/money/account/account';
import { readAccount } from '@concierge/domain/money/account/read-account';
import type { ChainSettings } from '../../chain/config.js';
import { tokenBalance } from '../../chain/erc20.js';
import type { LocalEvm } from '../../chain/testing/local-evm.js';
import { killHard } from '../../testing/worker-process.js';
import { settleWithdrawal, type SettlementDeps, type SettlementOutcome } from './settle.js';
import { approvedWithdrawal } from './testing/approved-withdrawal.js';
import { payoutDeps, startPayoutRig, stopPayoutRig } from './testing/payout-rig.js';
import { until } from './testing/until.js';

// The payout job really dies here: it runs in a child process that gets SIGKILLed, so nothing in
// it (no finally, no pending write) gets a chance to clean up. settlement.int.spec.ts covers the
// same windows with thrown crash points through the queue; this file proves the same outcome
// holds when the operating system ends the process.

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CHILD = 'workers/src/jobs/settlement/testing/settle-child.ts';
const AMOUNT = 7_654_321n;
const CONFIRMATIONS = 3;

interface Target {
  readonly userId: string;
  readonly withdrawalId: string;
}

interface SettlementProcess {
  readonly child: ChildProcess;
  readonly stdout: () => string;
  readonly stderr: () => string;
}

describe('on-chain settlement when the payout process is SIGKILLed between signing and confirmation', () => {
  let evm: LocalEvm;
  let provider: JsonRpcProvider;
  let hot: Wallet;
  let chain: ChainSettings;
  let schemas: TestSchemas;
  let eventStore: EventStore;

  beforeAll(async () => {
    ({ evm, provider, hot, chain, schemas, eventStore } = await startPayoutRig('settlekill', CONFIRMATIONS));
  });
  afterAll(() => stopPayoutRig({ evm, provider, schemas }));

  /** Starts one settlement run from source in its own process, configured like a worker. */
  function spawnSettlement(target: Target, pauseAt: 'none' | 'afterSigned'): SettlementProcess {
    let stdout = '';
    let stderr = '';
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', CHILD], {
      cwd: ROOT,
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        DATABASE_URL: schemas.connectionString,
        EVENT_STORE_SCHEMA: schemas.eventStoreSchema,
        CHAIN_RPC_URL: chain.rpcUrl,
        CHAIN_ID: String(chain.chainId),
        CHAIN_NETWORK: chain.network,
        USDC_ADDRESS: chain.tokenAddress,
        CHAIN_CONFIRMATIONS: String(chain.confirmations),
        SETTLEMENT_MODE: 'onchain',
        HOT_WALLET_PRIVATE_KEY: hot.privateKey,
        // Longer than the test: a killed run must be waiting, not timing out on its own.
        SETTLEMENT_CONFIRMATION_TIMEOUT_MS: '60000',
        SETTLE_USER_ID: target.userId,
        SETTLE_WITHDRAWAL_ID: target.withdrawalId,
        SETTLE_PAUSE_AT: pauseAt,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return { child, stdout: () => stdout, stderr: () => stderr };
  }

  /** Waits for `eventType` in the member's stream; a child that exits first fails the test with its stderr. */
  async function waitForEvent(run: SettlementProcess, target: Target, eventType: string): Promise<void> {
    await until(`${eventType} to be recorded`, async () => {
      if (run.child.exitCode !== null) throw new Error(`settlement process exited (${run.child.exitCode}) early:\n${run.stderr()}`);
      return (await settlementEvents(target)).includes(eventType) ? true : undefined;
    }, 15_000);
  }

  async function finish(run: SettlementProcess): Promise<SettlementOutcome> {
    const code = await new Promise<number | null>((resolve) => {
      if (run.child.exitCode !== null) resolve(run.child.exitCode);
      else run.child.once('exit', (exitCode) => resolve(exitCode));
    });
    if (code !== 0) throw new Error(`settlement process failed (${code}):\n${run.stderr()}`);
    return JSON.parse(run.stdout()) as SettlementOutcome;
  }

  const deps = (): SettlementDeps => payoutDeps({ eventStore, provider, hot, chain }, { confirmationTimeoutMs: 10_000 });
  const nonceOf = (address: string) => provider.getTransactionCount(address, 'latest');
  const setAutomine = (on: boolean) => provider.send('evm_setAutomine', [on]);
  const withdrawalOf = async (target: Target) => (await readAccount({ eventStore }, target.userId)).withdrawals.get(target.withdrawalId);
  const settlementEvents = async (target: Target) =>
    (await eventStore.readStream(accountStreamId(target.userId))).map((e) => e.type).filter((t) => t.startsWith('WithdrawalSettlement') || t === 'WithdrawalCompleted');

  /** Mines a block every 50 ms while `work` runs, so the confirmations can be reached. */
  async function whileMining<T>(work: () => Promise<T>): Promise<T> {
    const miner = setInterval(() => void evm.mineBlocks(1), 50);
    try {
      return await work();
    } finally {
      clearInterval(miner);
    }
  }

  it('pays exactly once when the process is killed after recording the signed transaction, before sending it', async () => {
    const to = Wallet.createRandom().address;
    const target = await approvedWithdrawal(eventStore, { amountMicro: AMOUNT, to });
    const nonceBefore = await nonceOf(hot.address);

    const run = spawnSettlement(target, 'afterSigned');
    try {
      await waitForEvent(run, target, 'WithdrawalSettlementSigned');
    } finally {
      await killHard(run.child);
    }
    expect(run.child.signalCode).toBe('SIGKILL');
    const signed = (await withdrawalOf(target))?.signedAttempt;
    if (!signed) throw new Error('no signed attempt was recorded');
    // Killed in the window: recorded, never sent, nothing paid.
    expect(await provider.getTransaction(signed.transactionHash)).toBeNull();
    expect(await tokenBalance(provider, chain.tokenAddress, to)).toBe(0n);

    const outcome = await whileMining(() => settleWithdrawal(deps(), target));
    expect(outcome).toEqual({ kind: 'completed', transactionHash: signed.transactionHash });

    expect(await tokenBalance(provider, chain.tokenAddress, to)).toBe(AMOUNT);
    expect(await nonceOf(hot.address)).toBe(nonceBefore + 1);
    const withdrawal = await withdrawalOf(target);
    expect(withdrawal).toMatchObject({ status: 'completed', transactionHash: signed.transactionHash });
    expect((await provider.getTransactionReceipt(signed.transactionHash))?.status).toBe(1);
    expect(await settlementEvents(target)).toEqual(['WithdrawalSettlementSigned', 'WithdrawalSettlementBroadcast', 'WithdrawalCompleted']);

    expect(await settleWithdrawal(deps(), target)).toEqual({ kind: 'nothing-to-pay', status: 'completed' });
    expect(await tokenBalance(provider, chain.tokenAddress, to)).toBe(AMOUNT);
    expect(await nonceOf(hot.address)).toBe(nonceBefore + 1);
  });

  it('pays exactly once when the process is killed while its sent transaction waits in the mempool', async () => {
    const to = Wallet.createRandom().address;
    const target = await approvedWithdrawal(eventStore, { amountMicro: AMOUNT, to });
    const nonceBefore = await nonceOf(hot.address);

    // With automine off the node holds the sent transaction unmined, so the run is surely
    // waiting for its confirmations when it is killed.
    await setAutomine(false);
    let signedHash: string;
    try {
      const run = spawnSettlement(target, 'none');
      try {
        await waitForEvent(run, target, 'WithdrawalSettlementBroadcast');
      } finally {
        await killHard(run.child);
      }
      expect(run.child.signalCode).toBe('SIGKILL');
      const signed = (await withdrawalOf(target))?.signedAttempt;
      if (!signed) throw new Error('no signed attempt was recorded');
      signedHash = signed.transactionHash;
      expect(await provider.getTransaction(signedHash)).not.toBeNull();
      expect(await provider.getTransactionReceipt(signedHash)).toBeNull();
      expect((await withdrawalOf(target))?.status).toBe('approved');
    } finally {
      await setAutomine(true);
    }

    // The retry is a fresh process too, as a restarted worker would be.
    const outcome = await whileMining(() => finish(spawnSettlement(target, 'none')));
    expect(outcome).toEqual({ kind: 'completed', transactionHash: signedHash });

    expect(await tokenBalance(provider, chain.tokenAddress, to)).toBe(AMOUNT);
    expect(await nonceOf(hot.address)).toBe(nonceBefore + 1);
    expect(await withdrawalOf(target)).toMatchObject({ status: 'completed', transactionHash: signedHash });
    expect((await provider.getTransactionReceipt(signedHash))?.status).toBe(1);
    expect(await settlementEvents(target)).toEqual(['WithdrawalSettlementSigned', 'WithdrawalSettlementBroadcast', 'WithdrawalCompleted']);

    expect(await settleWithdrawal(deps(), target)).toEqual({ kind: 'nothing-to-pay', status: 'completed' });
    expect(await tokenBalance(provider, chain.tokenAddress, to)).toBe(AMOUNT);
    expect(await nonceOf(hot.address)).toBe(nonceBefore + 1);
  });
});

import { MaxUint256, parseUnits, Wallet, type Contract, type JsonRpcProvider } from 'ethers';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WithdrawalReadModel } from '@concierge/contracts';
import { createLogger } from '@concierge/platform/logging/logger';
import { createPool } from '@concierge/platform/postgres/database';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { TEST_DATABASE_URL } from '@concierge/platform/testing/postgres';
import { accountStreamId } from '@concierge/domain/money/account/account';
import { NOTHING_TO_RETRY_MESSAGE } from '@concierge/domain/money/account/decide';
import { PROCESSED_MESSAGES } from '@concierge/command-api/money/withdrawals/routes';
import { startMoneyApi, type Member, type MoneyApi } from '@concierge/command-api/money/testing/harness';
import type { ChainSettings } from '@concierge/workers/chain/config';
import { tokenBalance } from '@concierge/workers/chain/erc20';
import { chainProvider } from '@concierge/workers/chain/provider';
import { startLocalEvm, type LocalEvm } from '@concierge/workers/chain/testing/local-evm';
import { settleWithdrawal, type SettlementDeps, type SettlementOutcome } from '@concierge/workers/jobs/settlement/settle';
import { TEST_FEE_CEILING } from '@concierge/workers/jobs/settlement/testing/approved-withdrawal';
import { until } from '@concierge/workers/jobs/settlement/testing/until';
import { catchUp } from '@concierge/workers/projections/runtime/catch-up';
import { WITHDRAWALS_COLLECTION, withdrawalsProjection } from '@concierge/workers/projections/withdrawals/projection';

const USDC = 1_000_000n;
const AMOUNT = 40n * USDC;
const CONFIRMATIONS = 2;

interface Payout {
  readonly member: Member;
  readonly userId: string;
  readonly withdrawalId: string;
  readonly to: string;
}

// A real revert: the payout is signed while the hot wallet holds the amount (its gas estimate
// passes), then, while it waits in the mempool, another spender the hot wallet approved moves the
// USDC away with a higher tip; both land in one block, the sweep first, and the transfer reverts.
// The admin's retry and reject go through the command API's process route, as the screen sends them.
describe('a payout that reverts on chain', () => {
  let evm: LocalEvm;
  let token: Contract;
  let provider: JsonRpcProvider;
  let hot: Wallet;
  let sweeper: Contract;
  let chain: ChainSettings;
  let api: MoneyApi;
  let pool: pg.Pool;
  let readStore: ReadStore;

  beforeAll(async () => {
    evm = await startLocalEvm();
    token = await evm.deployTestUsdc();
    const funded = evm.wallets[1];
    if (!funded) throw new Error('need a second funded account');
    provider = chainProvider(evm.rpcUrl, evm.chainId, 20);
    hot = new Wallet(funded.privateKey);
    const spender = evm.wallets[2];
    if (!spender) throw new Error('need a third funded account');
    sweeper = token.connect(spender) as Contract;
    await (await (token.connect(hot.connect(evm.provider)) as Contract).getFunction('approve')(spender.address, MaxUint256)).wait();
    chain = { rpcUrl: evm.rpcUrl, chainId: evm.chainId, network: 'Avalanche', tokenAddress: await token.getAddress(), confirmations: CONFIRMATIONS };
    api = await startMoneyApi('settlerevert');
    pool = createPool(TEST_DATABASE_URL, 2);
    readStore = createPgReadStore({ pool, schema: api.readStoreSchema });
  });
  afterAll(async () => {
    await pool?.end();
    await api?.close();
    provider?.destroy();
    await evm?.stop();
  });

  const deps = (): SettlementDeps => ({
    eventStore: api.store,
    provider,
    wallet: hot,
    chain,
    confirmationTimeoutMs: 5_000,
    maxFeePerGas: TEST_FEE_CEILING,
    logger: createLogger('test', 'silent'),
  });
  const process = (id: string, body: unknown) => api.send('POST', `/withdrawals/admin/requests/${id}/process`, body, api.admin);
  const topUpTo = async (balance: bigint) => {
    const held = await tokenBalance(provider, chain.tokenAddress, hot.address);
    if (held < balance) await (await token.getFunction('mint')(hot.address, balance - held)).wait();
  };
  const settlementTypes = async (userId: string) =>
    (await api.store.readStream(accountStreamId(userId))).map((e) => e.type).filter((t) => t.startsWith('WithdrawalSettlement') || t === 'WithdrawalPayoutRetried' || t === 'WithdrawalCompleted');
  const shownToAdmins = async (withdrawalId: string) => {
    await catchUp(withdrawalsProjection, { eventStore: api.store, readStore });
    return readStore.collection<WithdrawalReadModel>(WITHDRAWALS_COLLECTION).get(withdrawalId);
  };

  /** A member with 100 USDC and a 40 USDC withdrawal to a fresh address, approved by the admin over HTTP. */
  async function approvedPayout(): Promise<Payout> {
    const member = await api.seedMember();
    const to = Wallet.createRandom().address;
    await api.saveAddress(member.userId, to);
    await api.deposit(member.userId, 100);
    const requested = await api.send('POST', '/withdrawals/request', { amount: 40 }, member.auth);
    const withdrawalId = String(requested.body['withdrawalId']);
    expect((await process(withdrawalId, { action: 'approve' })).status).toBe(200);
    return { member, userId: member.userId, withdrawalId, to };
  }

  /** A payout signed and sent while the hot wallet held the amount, then reverted by a sweep of that amount mined before it. */
  async function revertedPayout(): Promise<{ payout: Payout; outcome: SettlementOutcome }> {
    const payout = await approvedPayout();
    await topUpTo(AMOUNT);
    await provider.send('evm_setAutomine', [false]);
    try {
      const run = settleWithdrawal(deps(), payout);
      await until('the payout to be sent', async () => ((await settlementTypes(payout.userId)).includes('WithdrawalSettlementBroadcast') ? true : undefined));
      const tip = parseUnits('50', 'gwei');
      // An explicit gas limit: estimating on the pending state would see the payout first and refuse.
      const sweep = { gasLimit: 100_000n, maxPriorityFeePerGas: tip, maxFeePerGas: tip * 2n };
      await sweeper.getFunction('transferFrom')(hot.address, Wallet.createRandom().address, AMOUNT, sweep);
      for (let i = 0; i < CONFIRMATIONS; i += 1) await provider.send('evm_mine', []);
      return { payout, outcome: await run };
    } finally {
      await provider.send('evm_setAutomine', [true]);
    }
  }

  it('shows it as failed with its reason and keeps the funds reserved; an admin retries it and it is paid once', async () => {
    const { payout, outcome } = await revertedPayout();
    expect(outcome).toMatchObject({ kind: 'failed', reason: expect.stringMatching(/^The payout reverted on chain, so nothing was paid .* Transaction 0x[0-9a-f]{64}\.$/) });
    const reason = outcome.kind === 'failed' ? outcome.reason : '';
    expect(await api.account(payout.userId)).toMatchObject({ balanceMicro: 100n * USDC, reservedMicro: AMOUNT, availableMicro: 60n * USDC });
    expect(await shownToAdmins(payout.withdrawalId)).toMatchObject({
      status: 'approved',
      transactionHash: null,
      payout: { stage: 'failed', failureReason: reason, retryable: false },
    });
    // A re-delivered job pays nothing until an admin decides.
    const nonce = await provider.getTransactionCount(hot.address, 'latest');
    expect(await settleWithdrawal(deps(), payout)).toEqual({ kind: 'failed', reason });
    expect(await provider.getTransactionCount(hot.address, 'latest')).toBe(nonce);

    const retried = await process(payout.withdrawalId, { action: 'retry' });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ message: PROCESSED_MESSAGES.retry, status: 'approved' });
    expect((await process(payout.withdrawalId, { action: 'retry' })).body['position']).toBeNull();
    expect((await shownToAdmins(payout.withdrawalId))?.payout).toMatchObject({ stage: 'retried', failureReason: null });

    await topUpTo(AMOUNT);
    const miner = setInterval(() => void evm.mineBlocks(1), 50);
    let paid: SettlementOutcome;
    try {
      paid = await settleWithdrawal(deps(), payout);
    } finally {
      clearInterval(miner);
    }
    expect(paid.kind).toBe('completed');
    expect(await tokenBalance(provider, chain.tokenAddress, payout.to)).toBe(AMOUNT);
    expect(await api.account(payout.userId)).toMatchObject({ balanceMicro: 60n * USDC, reservedMicro: 0n, availableMicro: 60n * USDC });
    expect(await settlementTypes(payout.userId)).toEqual([
      'WithdrawalSettlementSigned',
      'WithdrawalSettlementBroadcast',
      'WithdrawalSettlementFailed',
      'WithdrawalPayoutRetried',
      'WithdrawalSettlementSigned',
      'WithdrawalSettlementBroadcast',
      'WithdrawalCompleted',
    ]);
    expect(await shownToAdmins(payout.withdrawalId)).toMatchObject({ status: 'completed', transactionHash: paid.kind === 'completed' ? paid.transactionHash : '' });
  });

  it('lets an admin reject it instead, which releases the reserved funds; nothing is paid', async () => {
    const untouched = await approvedPayout();
    const early = await process(untouched.withdrawalId, { action: 'retry' });
    expect(early.status).toBe(409);
    expect(early.body['message']).toBe(NOTHING_TO_RETRY_MESSAGE);

    const { payout, outcome } = await revertedPayout();
    expect(outcome.kind).toBe('failed');
    const rejected = await process(payout.withdrawalId, { action: 'reject', rejectionReason: 'Paid by bank transfer instead' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ message: PROCESSED_MESSAGES.reject, status: 'rejected' });
    expect(await api.account(payout.userId)).toMatchObject({ balanceMicro: 100n * USDC, reservedMicro: 0n, availableMicro: 100n * USDC });
    expect(await shownToAdmins(payout.withdrawalId)).toMatchObject({ status: 'rejected', rejectionReason: 'Paid by bank transfer instead' });

    expect(await settleWithdrawal(deps(), payout)).toEqual({ kind: 'nothing-to-pay', status: 'rejected' });
    const late = await process(payout.withdrawalId, { action: 'retry' });
    expect(late.status).toBe(409);
    expect(late.body['message']).toBe('Only an approved withdrawal can be retried; this one is rejected.');
    expect(await tokenBalance(provider, chain.tokenAddress, payout.to)).toBe(0n);
  });
});

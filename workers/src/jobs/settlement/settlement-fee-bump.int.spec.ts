import { Transaction, Wallet, toQuantity, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WithdrawalSettlementDelayed, WithdrawalSettlementReplaced } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { TestSchemas } from '@concierge/platform/testing/postgres';
import { accountStreamId, type SignedAttempt } from '@concierge/domain/money/account/account';
import { readAccount } from '@concierge/domain/money/account/read-account';
import { transactionClaimStreamId } from '@concierge/domain/money/transaction-claims/claim-transaction';
import type { ChainSettings } from '../../chain/config.js';
import { tokenBalance } from '../../chain/erc20.js';
import type { LocalEvm } from '../../chain/testing/local-evm.js';
import { settleWithdrawal, type SettlementCrashPoints, type SettlementDeps } from './settle.js';
import { approvedWithdrawal } from './testing/approved-withdrawal.js';
import { dieOnce, until } from './testing/until.js';
import { payoutDeps, startPayoutRig, stopPayoutRig } from './testing/payout-rig.js';

const AMOUNT = 4_321_000n;
const CONFIRMATIONS = 2;

// Automine is off for the whole file: a payout waits in the mempool until the test mines a block,
// and the test sets each block's base fee, the way a fee spike on a real chain would.
describe('on-chain settlement when the payout is stuck below the market fee', () => {
  let evm: LocalEvm;
  let provider: JsonRpcProvider;
  let hot: Wallet;
  let chain: ChainSettings;
  let schemas: TestSchemas;
  let eventStore: EventStore;

  beforeAll(async () => {
    ({ evm, provider, hot, chain, schemas, eventStore } = await startPayoutRig('settlefee', CONFIRMATIONS));
    await provider.send('evm_setAutomine', [false]);
  });
  afterAll(() => stopPayoutRig({ evm, provider, schemas }));

  const deps = (options: { crashPoints?: SettlementCrashPoints; maxFeePerGas?: bigint } = {}): SettlementDeps =>
    payoutDeps({ eventStore, provider, hot, chain }, options);
  const nonceOf = (address: string) => provider.getTransactionCount(address, 'latest');
  const accountEvents = async (userId: string) =>
    (await eventStore.readStream(accountStreamId(userId))).filter((e) => e.type.startsWith('WithdrawalSettlement') || e.type === 'WithdrawalCompleted');
  const settlementTypes = async (userId: string) => (await accountEvents(userId)).map((e) => e.type);
  const withdrawalOf = async (target: { userId: string; withdrawalId: string }) =>
    (await readAccount({ eventStore }, target.userId)).withdrawals.get(target.withdrawalId);
  /** Mines one block with this base fee: a pending payout whose fee cap is below it stays out. */
  const mineAtBaseFee = async (wei: bigint) => {
    await provider.send('hardhat_setNextBlockBaseFeePerGas', [toQuantity(wei)]);
    await provider.send('evm_mine', []);
  };
  const mine = async (blocks: number) => {
    for (let i = 0; i < blocks; i += 1) await provider.send('evm_mine', []);
  };
  const sentPayout = (target: { userId: string; withdrawalId: string }, notHash?: string) =>
    until('a payout to be sent', async () => {
      const attempt = (await withdrawalOf(target))?.signedAttempt;
      return attempt?.broadcast && attempt.transactionHash !== notHash ? attempt : undefined;
    });
  const feeCapOf = (attempt: SignedAttempt) => {
    if (attempt.maxFeePerGas === null || attempt.maxPriorityFeePerGas === null) throw new Error('the payout has no EIP-1559 fees');
    return { maxFeePerGas: attempt.maxFeePerGas, maxPriorityFeePerGas: attempt.maxPriorityFeePerGas };
  };

  it('replaces it with the same nonce and a higher fee, records the replacement before sending it, and pays once', async () => {
    const to = Wallet.createRandom().address;
    const target = await approvedWithdrawal(eventStore, { amountMicro: AMOUNT, to });
    const nonceBefore = await nonceOf(hot.address);
    const run = settleWithdrawal(deps(), target);

    const stuck = await sentPayout(target);
    const stuckFees = feeCapOf(stuck);
    await mineAtBaseFee(stuckFees.maxFeePerGas * 4n);
    expect(await provider.getTransactionReceipt(stuck.transactionHash)).toBeNull();
    const replacement = await sentPayout(target, stuck.transactionHash);
    await mine(CONFIRMATIONS);

    expect(await run).toEqual({ kind: 'completed', transactionHash: replacement.transactionHash });
    expect(await tokenBalance(provider, chain.tokenAddress, to)).toBe(AMOUNT);
    expect(await nonceOf(hot.address)).toBe(nonceBefore + 1);
    expect(await provider.getTransaction(stuck.transactionHash)).toBeNull();
    expect(await settlementTypes(target.userId)).toEqual([
      'WithdrawalSettlementSigned',
      'WithdrawalSettlementBroadcast',
      'WithdrawalSettlementReplaced',
      'WithdrawalSettlementBroadcast',
      'WithdrawalCompleted',
    ]);
    const replaced = WithdrawalSettlementReplaced.parse((await accountEvents(target.userId))[2]?.data);
    expect(replaced).toMatchObject({ nonce: stuck.nonce, transactionHash: replacement.transactionHash, replacesTransactionHash: stuck.transactionHash });
    // The replacement outbids by the EIP-1559 minimum at least, and pays exactly what the first one would have.
    expect(BigInt(replaced.maxFeePerGas) * 10n).toBeGreaterThanOrEqual(stuckFees.maxFeePerGas * 11n);
    expect(BigInt(replaced.maxPriorityFeePerGas) * 10n).toBeGreaterThanOrEqual(stuckFees.maxPriorityFeePerGas * 11n);
    const [first, second] = [Transaction.from(stuck.signedTransaction), Transaction.from(replaced.signedTransaction)];
    expect([second.nonce, second.to, second.data, second.gasLimit]).toEqual([first.nonce, first.to, first.data, first.gasLimit]);
    // Each signed hash is claimed by this withdrawal, so neither can complete or credit anything else.
    for (const hash of [stuck.transactionHash, replacement.transactionHash]) {
      expect((await eventStore.readStream(transactionClaimStreamId(hash))).map((e) => [e.type, e.data['withdrawalId']])).toEqual([
        ['WithdrawalTransactionClaimed', target.withdrawalId],
      ]);
    }
  });

  it('completes with the earlier transaction when it, not its recorded replacement, is the one mined', async () => {
    const to = Wallet.createRandom().address;
    const target = await approvedWithdrawal(eventStore, { amountMicro: AMOUNT, to });
    const nonceBefore = await nonceOf(hot.address);
    const kill = dieOnce();
    const run = settleWithdrawal(deps({ crashPoints: { afterReplaced: kill.point } }), target);
    const stuck = await sentPayout(target);
    await mineAtBaseFee(feeCapOf(stuck).maxFeePerGas * 4n);
    await expect(run).rejects.toThrow('worker killed');
    const recorded = (await withdrawalOf(target))?.signedAttempt;
    expect(recorded?.transactionHash).not.toBe(stuck.transactionHash);

    // The fee falls before the replacement is ever sent: the first transaction is mined.
    await mineAtBaseFee(feeCapOf(stuck).maxFeePerGas / 2n);
    expect((await provider.getTransactionReceipt(stuck.transactionHash))?.status).toBe(1);
    await mine(CONFIRMATIONS - 1);
    expect(await settleWithdrawal(deps(), target)).toEqual({ kind: 'completed', transactionHash: stuck.transactionHash });

    expect(await tokenBalance(provider, chain.tokenAddress, to)).toBe(AMOUNT);
    expect(await nonceOf(hot.address)).toBe(nonceBefore + 1);
    expect(await provider.getTransaction(recorded?.transactionHash ?? '')).toBeNull();
    expect(await settlementTypes(target.userId)).toEqual([
      'WithdrawalSettlementSigned',
      'WithdrawalSettlementBroadcast',
      'WithdrawalSettlementReplaced',
      'WithdrawalCompleted',
    ]);
    expect((await withdrawalOf(target))?.transactionHash).toBe(stuck.transactionHash);
  });

  it('records the payout as delayed, once and with the reason, when outbidding would pass the ceiling, and pays it when the fee falls', async () => {
    const to = Wallet.createRandom().address;
    const target = await approvedWithdrawal(eventStore, { amountMicro: AMOUNT, to });
    const market = await provider.getFeeData();
    if (market.maxFeePerGas === null) throw new Error('the local chain quotes no EIP-1559 fee');
    // Room for the first signature at the market fee, not for a 10% higher one.
    const ceiling = market.maxFeePerGas + market.maxFeePerGas / 20n;
    const run = settleWithdrawal(deps({ maxFeePerGas: ceiling }), target);
    const stuck = await sentPayout(target);
    await mineAtBaseFee(feeCapOf(stuck).maxFeePerGas * 4n);

    const delayed = await until('the payout to be delayed', async () => {
      const event = (await accountEvents(target.userId)).find((e) => e.type === 'WithdrawalSettlementDelayed');
      return event ? WithdrawalSettlementDelayed.parse(event.data) : undefined;
    });
    expect(delayed.transactionHash).toBe(stuck.transactionHash);
    expect(delayed.reason).toMatch(/^The network's base fee \([\d.]+ gwei per gas\) is above this payout's fee cap \([\d.]+ gwei\)/);
    expect(delayed.reason).toContain('SETTLEMENT_MAX_FEE_GWEI');
    await new Promise((resolve) => setTimeout(resolve, 200));

    await mineAtBaseFee(feeCapOf(stuck).maxFeePerGas / 2n);
    await mine(CONFIRMATIONS - 1);
    expect(await run).toEqual({ kind: 'completed', transactionHash: stuck.transactionHash });
    expect(await tokenBalance(provider, chain.tokenAddress, to)).toBe(AMOUNT);
    expect(await settlementTypes(target.userId)).toEqual([
      'WithdrawalSettlementSigned',
      'WithdrawalSettlementBroadcast',
      'WithdrawalSettlementDelayed',
      'WithdrawalCompleted',
    ]);
  });
});

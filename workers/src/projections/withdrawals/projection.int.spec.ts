import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WithdrawalReadModel } from '@concierge/contracts';
import { at, envelope, evmAddress, hash, registered, renamed, requested, withdrawalMoved } from '../accounts/money-history.js';
import { useProjectionHarness } from '../testing/projection-harness.js';
import { WITHDRAWAL_MEMBERS_COLLECTION, WITHDRAWALS_COLLECTION, withdrawalsProjection } from './projection.js';

describe('withdrawals projection', () => {
  const harness = useProjectionHarness(withdrawalsProjection, 'withdrawalsproj');
  const { append } = harness;
  const ada = randomUUID();
  const bob = randomUUID();

  const withdrawals = () => harness.readStore.collection<WithdrawalReadModel>(WITHDRAWALS_COLLECTION);
  const snapshot = async () => ({
    withdrawals: await withdrawals().find({ sort: [{ field: 'requestedAt', direction: 'asc' }] }),
    members: await harness.readStore.collection(WITHDRAWAL_MEMBERS_COLLECTION).find(),
  });
  const run = harness.catchUp;

  it('shows a requested withdrawal as pending, with the copied destination and the member', async () => {
    await append(`user-${ada}`, registered(ada, 'Ada', 'Lovelace', 0));
    await append(`user-${bob}`, registered(bob, 'Bob', 'Noyce', 1));
    await append(`account-${ada}`, requested(ada, 'w1', 12_345_678n, 10, 3));
    await run();
    expect(await withdrawals().get('w1')).toEqual({
      id: 'w1',
      userId: ada,
      firstName: 'Ada',
      lastName: 'Lovelace',
      fullName: 'Ada Lovelace',
      email: 'ada.lovelace@example.com',
      amountMicro: '12345678',
      asset: 'USDC',
      status: 'pending',
      destination: { addressId: 'address-3', label: 'Label 3', address: evmAddress(3), network: 'Avalanche' },
      requestedAt: at(10),
      approvedAt: null,
      completedAt: null,
      rejectionReason: null,
      cancellationReason: null,
      transactionHash: null,
      settlement: null,
      payout: null,
      updatedAt: at(10),
    });
  });

  it('follows each withdrawal through approval, settlement, completion, rejection and cancellation', async () => {
    await append(`account-${ada}`, withdrawalMoved(ada, 'w1', 'approved', 11));
    await append(`account-${bob}`, requested(bob, 'w2', 1_000_000n, 12), withdrawalMoved(bob, 'w2', 'rejected', 13));
    await append(`account-${bob}`, requested(bob, 'w3', 2_000_000n, 14), withdrawalMoved(bob, 'w3', 'cancelled', 15));
    await run(1);
    expect(await withdrawals().get('w1')).toMatchObject({ status: 'approved', approvedAt: at(11), updatedAt: at(11), transactionHash: null });
    expect(await withdrawals().get('w2')).toMatchObject({ status: 'rejected', rejectionReason: 'Address could not be verified', updatedAt: at(13) });
    expect(await withdrawals().get('w3')).toMatchObject({ status: 'cancelled', cancellationReason: null, updatedAt: at(15) });

    const target = { withdrawalId: 'w1', userId: ada };
    const signed = {
      ...target,
      network: 'Avalanche',
      fromAddress: evmAddress(100),
      toAddress: evmAddress(3),
      amountMicro: '12345678',
      nonce: 4,
      transactionHash: hash(77),
      signedTransaction: '0xdeadbeef',
      signedAt: at(16),
    };
    await append(`account-${ada}`, envelope('WithdrawalSettlementSigned', signed, at(16)));
    await append(`account-${ada}`, envelope('WithdrawalSettlementFailed', { ...target, transactionHash: hash(77), reason: 'nonce too low', retryable: true, failedAt: at(17) }, at(17)));
    await run();
    expect(await withdrawals().get('w1')).toMatchObject({
      status: 'approved',
      transactionHash: null,
      payout: { stage: 'failed', transactionHash: hash(77), failureReason: 'nonce too low', retryable: true, at: at(17) },
    });

    await append(`account-${ada}`, envelope('WithdrawalSettlementBroadcast', { ...target, transactionHash: hash(77), broadcastAt: at(18) }, at(18)));
    await append(`account-${ada}`, envelope('WithdrawalCompleted', { ...target, transactionHash: hash(77), settlement: 'onChain', completedAt: at(19) }, at(19)));
    await run();
    expect(await withdrawals().get('w1')).toMatchObject({
      status: 'completed',
      completedAt: at(19),
      transactionHash: hash(77),
      settlement: 'onChain',
      payout: { stage: 'broadcast', transactionHash: hash(77) },
    });
    expect(await withdrawals().countBy('status')).toEqual({ completed: 1, rejected: 1, cancelled: 1 });
    expect(await withdrawals().sumBy(null, 'amountMicro', { filter: { status: 'completed' } })).toEqual({ all: 12_345_678n });
  });

  it('shows admins a fee-raised, delayed, failed and retried payout with its reason', async () => {
    await append(`account-${bob}`, requested(bob, 'w4', 3_000_000n, 21), withdrawalMoved(bob, 'w4', 'approved', 22));
    const target = { withdrawalId: 'w4', userId: bob };
    const signed = { ...target, network: 'Avalanche', fromAddress: evmAddress(100), toAddress: evmAddress(3), amountMicro: '3000000', nonce: 9 };
    const fees = { maxFeePerGas: '30000000000', maxPriorityFeePerGas: '2000000000' };
    await append(`account-${bob}`, envelope('WithdrawalSettlementSigned', { ...signed, transactionHash: hash(80), signedTransaction: '0x01', signedAt: at(23) }, at(23)));
    const replaced = { ...target, nonce: 9, transactionHash: hash(81), signedTransaction: '0x02', ...fees, replacesTransactionHash: hash(80), signedAt: at(24) };
    await append(`account-${bob}`, envelope('WithdrawalSettlementReplaced', replaced, at(24)));
    await run();
    expect((await withdrawals().get('w4'))?.payout).toEqual({ stage: 'replaced', transactionHash: hash(81), failureReason: null, retryable: null, delayReason: null, at: at(24) });

    const delayReason = 'Payout delayed: the network fee is above SETTLEMENT_MAX_FEE_GWEI (30 gwei).';
    await append(`account-${bob}`, envelope('WithdrawalSettlementDelayed', { ...target, transactionHash: hash(81), reason: delayReason, delayedAt: at(25) }, at(25)));
    await run();
    expect(await withdrawals().get('w4')).toMatchObject({ status: 'approved', payout: { stage: 'delayed', transactionHash: hash(81), delayReason } });

    const failureReason = `Payout transaction ${hash(81)} reverted on chain; nothing was paid.`;
    await append(`account-${bob}`, envelope('WithdrawalSettlementFailed', { ...target, transactionHash: hash(81), reason: failureReason, retryable: false, failedAt: at(26) }, at(26)));
    await run();
    expect(await withdrawals().get('w4')).toMatchObject({ status: 'approved', payout: { stage: 'failed', failureReason, retryable: false, delayReason: null } });

    await append(`account-${bob}`, envelope('WithdrawalPayoutRetried', { ...target, retriedAt: at(27) }, at(27)));
    await run();
    expect(await withdrawals().get('w4')).toMatchObject({ status: 'approved', updatedAt: at(27), payout: { stage: 'retried', transactionHash: null, failureReason: null } });
  });

  it("keeps the member's name current on all of their withdrawals, and only theirs", async () => {
    await append(`user-${bob}`, renamed(bob, 'Robert', 'Noyce', 20));
    await run();
    const names = (await withdrawals().find()).map((w) => [w.id, w.fullName, w.email]);
    expect(names).toEqual([
      ['w1', 'Ada Lovelace', 'ada.lovelace@example.com'],
      ['w2', 'Robert Noyce', 'bob.noyce@example.com'],
      ['w3', 'Robert Noyce', 'bob.noyce@example.com'],
      ['w4', 'Robert Noyce', 'bob.noyce@example.com'],
    ]);
  });

  it('changes nothing when run again, and comes out identical when rebuilt from the first event', async () => {
    const before = await snapshot();
    expect((await run()).events).toBe(0);
    await harness.rebuild(1000);
    expect(await snapshot()).toEqual(before);
    expect(before.withdrawals).toHaveLength(4);
  });
});

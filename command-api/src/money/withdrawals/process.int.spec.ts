import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStreamId, WITHDRAWAL_NOT_FOUND_MESSAGE } from '@concierge/domain/money/account/account';
import { CLAIMED_BY_DEPOSIT_MESSAGE, CLAIMED_BY_PAYOUT_MESSAGE } from '@concierge/domain/money/transaction-claims/claim-transaction';
import { randomTxHash, startMoneyApi, type Member, type MoneyApi } from '../testing/harness.js';
import { PROCESSED_MESSAGES } from './routes.js';

const ADDRESS = '0x1111111111111111111111111111111111111111';

describe('processing withdrawals (admin process, member cancel)', () => {
  let api: MoneyApi;
  const process = (id: string, body: unknown) => api.send('POST', `/withdrawals/admin/requests/${id}/process`, body, api.admin);
  const cancelOwn = (member: Member, id: string, body?: unknown) => api.send('POST', `/withdrawals/${id}/cancel`, body, member.auth);
  const lastType = async (userId: string) => (await api.store.readStream(accountStreamId(userId))).at(-1)?.type;
  /** A member holding 100 USDC with one pending withdrawal of 40. */
  const pendingWithdrawal = async () => {
    const member = await api.seedMember();
    await api.saveAddress(member.userId, ADDRESS);
    await api.deposit(member.userId, 100);
    const reply = await api.send('POST', '/withdrawals/request', { amount: 40 }, member.auth);
    expect(reply.status).toBe(200);
    return { member, id: String(reply.body['withdrawalId']) };
  };

  beforeAll(async () => {
    api = await startMoneyApi('withdrawal-process');
  });
  afterAll(async () => {
    await api?.close();
  });

  it('approves, then completes with the payout hash: the amount leaves the balance', async () => {
    const { member, id } = await pendingWithdrawal();
    const approved = await process(id, { action: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ message: PROCESSED_MESSAGES.approve, status: 'approved', position: expect.stringMatching(/^\d+-\d+$/) });
    const again = await process(id, { action: 'approve' });
    expect(again.status).toBe(200);
    expect(again.body['position']).toBeNull();

    const hash = randomTxHash();
    const completed = await process(id, { action: 'complete', transactionHash: hash });
    expect(completed.body).toMatchObject({ message: PROCESSED_MESSAGES.complete, status: 'completed' });
    expect(await api.account(member.userId)).toMatchObject({ balanceMicro: 60_000_000n, reservedMicro: 0n, availableMicro: 60_000_000n });
    const last = (await api.store.readStream(accountStreamId(member.userId))).at(-1);
    expect(last).toMatchObject({ type: 'WithdrawalCompleted', data: { transactionHash: hash, settlement: 'manual' } });
  });

  it('approves and completes in one go when approve carries the hash (the original Complete modal)', async () => {
    const { member, id } = await pendingWithdrawal();
    const reply = await process(id, { action: 'approve', transactionHash: randomTxHash() });
    expect(reply.body).toMatchObject({ message: PROCESSED_MESSAGES.complete, status: 'completed' });
    expect((await api.account(member.userId)).balanceMicro).toBe(60_000_000n);
  });

  it('rejects a pending withdrawal with its reason and releases the amount', async () => {
    const { member, id } = await pendingWithdrawal();
    const reply = await process(id, { action: 'reject', rejectionReason: 'Address not verified' });
    expect(reply.body).toMatchObject({ message: PROCESSED_MESSAGES.reject, status: 'rejected' });
    expect(await api.account(member.userId)).toMatchObject({ reservedMicro: 0n, availableMicro: 100_000_000n });
    const last = (await api.store.readStream(accountStreamId(member.userId))).at(-1);
    expect(last).toMatchObject({ type: 'WithdrawalRejected', data: { reason: 'Address not verified' } });
  });

  it('lets an admin cancel an approved withdrawal, releasing the amount', async () => {
    const { member, id } = await pendingWithdrawal();
    await process(id, { action: 'approve' });
    const reply = await process(id, { action: 'cancel' });
    expect(reply.body).toMatchObject({ message: PROCESSED_MESSAGES.cancel, status: 'cancelled' });
    expect((await api.account(member.userId)).availableMicro).toBe(100_000_000n);
  });

  it('refuses illegal moves with 409 and the reason, appending nothing', async () => {
    const { id } = await pendingWithdrawal();
    const head = await api.head();
    const early = await process(id, { action: 'complete', transactionHash: randomTxHash() });
    expect(early.status).toBe(409);
    expect(early.body['message']).toBe('Only an approved withdrawal can be completed; this one is pending.');
    await process(id, { action: 'reject', rejectionReason: 'Suspicious' });
    const afterHead = await api.head();
    const approve = await process(id, { action: 'approve' });
    expect(approve.status).toBe(409);
    expect(approve.body['message']).toBe('Only a pending withdrawal can be approved; this one is rejected.');
    const otherReason = await process(id, { action: 'reject', rejectionReason: 'Other' });
    expect(otherReason.status).toBe(409);
    expect(otherReason.body['message']).toBe('This withdrawal was already rejected with a different reason.');
    expect(await api.head()).toBe(afterHead);
    expect(afterHead).not.toBe(head);
  });

  it('refuses bad actions and missing details with 400, and unknown ids with 404', async () => {
    const { id } = await pendingWithdrawal();
    const cases: [unknown, string][] = [
      [{ action: 'pay' }, 'Action must be one of: approve, reject, complete, cancel, retry'],
      [{ action: 'reject', rejectionReason: '  ' }, 'Rejection reason is required'],
      [{ action: 'complete' }, 'Transaction hash is required'],
    ];
    for (const [body, message] of cases) {
      const reply = await process(id, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body['message']).toBe(message);
    }
    for (const unknown of [randomUUID(), 'not%20an%20id']) {
      const reply = await process(unknown, { action: 'approve' });
      expect(reply.status).toBe(404);
      expect(reply.body['message']).toBe(WITHDRAWAL_NOT_FOUND_MESSAGE);
    }
  });

  it('keeps admin processing from members', async () => {
    const { member, id } = await pendingWithdrawal();
    expect((await api.send('POST', `/withdrawals/admin/requests/${id}/process`, { action: 'approve' }, member.auth)).status).toBe(403);
  });

  it('lets a member cancel their own pending withdrawal, only while pending, and nobody else', async () => {
    const { member, id } = await pendingWithdrawal();
    const stranger = await api.seedMember();
    const foreign = await cancelOwn(stranger, id);
    expect(foreign.status).toBe(404);
    expect(foreign.body['message']).toBe(WITHDRAWAL_NOT_FOUND_MESSAGE);
    expect(await lastType(member.userId)).toBe('WithdrawalRequested');

    const reply = await cancelOwn(member, id, { reason: 'Changed my mind' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ message: PROCESSED_MESSAGES.cancel, status: 'cancelled' });
    expect((await api.account(member.userId)).availableMicro).toBe(100_000_000n);
    expect((await cancelOwn(member, id)).body['position']).toBeNull();

    const approved = await pendingWithdrawal();
    await process(approved.id, { action: 'approve' });
    const late = await cancelOwn(approved.member, approved.id);
    expect(late.status).toBe(409);
    expect(late.body['message']).toBe('Only a pending withdrawal can be cancelled; this one is approved.');
    expect((await api.send('POST', `/withdrawals/${id}/cancel`, undefined, api.admin)).status).toBe(403);
  });

  it('claims a payout hash once across deposits and payouts, in any letter case (409 otherwise, nothing appended)', async () => {
    const upper = (hash: string) => `0x${hash.slice(2).toUpperCase()}`;
    const first = await pendingWithdrawal();
    const second = await pendingWithdrawal();
    await process(first.id, { action: 'approve' });
    await process(second.id, { action: 'approve' });

    // A deposit's hash cannot complete a withdrawal, however it is typed.
    const depositHash = randomTxHash();
    expect((await api.deposit(first.member.userId, 5, depositHash)).status).toBe(200);
    const head = await api.head();
    const asDeposit = await process(first.id, { action: 'complete', transactionHash: upper(depositHash) });
    expect(asDeposit.status).toBe(409);
    expect(asDeposit.body['message']).toBe(CLAIMED_BY_DEPOSIT_MESSAGE);
    expect(await api.head()).toBe(head);

    // One payout hash completes one withdrawal; the same completion again is a harmless retry.
    const payoutHash = randomTxHash();
    expect((await process(first.id, { action: 'complete', transactionHash: upper(payoutHash) })).status).toBe(200);
    const retried = await process(first.id, { action: 'complete', transactionHash: payoutHash });
    expect(retried.status).toBe(200);
    expect(retried.body['position']).toBeNull();
    const afterPayout = await api.head();
    const twice = await process(second.id, { action: 'complete', transactionHash: payoutHash });
    expect(twice.status).toBe(409);
    expect(twice.body['message']).toBe(CLAIMED_BY_PAYOUT_MESSAGE);
    expect(await lastType(second.member.userId)).toBe('WithdrawalApproved');

    // Nor can the payout's hash be recorded as a deposit afterwards.
    const asNewDeposit = await api.deposit(second.member.userId, 5, upper(payoutHash));
    expect(asNewDeposit.status).toBe(409);
    expect(asNewDeposit.body['message']).toBe(CLAIMED_BY_PAYOUT_MESSAGE);
    expect(await api.head()).toBe(afterPayout);
    expect((await api.account(second.member.userId)).reservedMicro).toBe(40_000_000n);
  });
});

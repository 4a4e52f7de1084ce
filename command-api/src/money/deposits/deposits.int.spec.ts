import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_FORM_INVALID } from '@concierge/contracts';
import { ConflictError } from '@concierge/platform/errors';
import { accountStreamId } from '@concierge/domain/money/account/account';
import { DepositRecipientError } from '@concierge/domain/money/deposits/recipient';
import { depositIdFor, depositTxStreamId, DUPLICATE_DEPOSIT_MESSAGE, recordDeposit, USER_NOT_FOUND_MESSAGE } from '@concierge/domain/money/deposits/record-deposit';
import { randomTxHash, startMoneyApi, type MoneyApi } from '../testing/harness.js';
import { DEPOSIT_ADDED_MESSAGE } from './routes.js';

const ADDRESS = '0x1111111111111111111111111111111111111111';
const system = (now: Date) => ({ actor: { type: 'system' as const, reason: 'deposit-detection' }, correlationId: 'job', causationId: 'job', now });

describe('recording deposits (POST /deposits and the chain job)', () => {
  let api: MoneyApi;
  const typesOf = async (stream: string) => (await api.store.readStream(stream)).map((e) => e.type);

  beforeAll(async () => {
    api = await startMoneyApi('deposits');
  });
  afterAll(async () => {
    await api?.close();
  });

  it("credits the amount net of the exact fee of the member's plan and answers with the new deposit", async () => {
    const { userId } = await api.seedMember();
    await api.assignPlan(userId, await api.seedPlan('2.5'));
    const hash = randomTxHash();
    const reply = await api.deposit(userId, 1000.5, hash.toUpperCase().replace('0X', '0x'));
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      message: DEPOSIT_ADDED_MESSAGE,
      userId: { _id: userId, firstName: 'Ada', lastName: 'Lovelace' },
      amount: 1000.5,
      amountUSD: 1000.5,
      feePercentageAtDeposit: 2.5,
      calculatedFeeUSD: 25.0125,
      transactionHash: hash,
      status: 'completed',
      source: 'admin',
      timestamp: '2026-11-01T10:00:00.000Z',
      position: expect.stringMatching(/^\d+-\d+$/),
    });
    // 1000.5 USDC at 2.5% is 25.0125 USDC: exactly 25_012_500 micro-USDC, so 975.4875 stays.
    expect(await api.account(userId)).toMatchObject({ balanceMicro: 975_487_500n, availableMicro: 975_487_500n });
    const [recorded] = await api.store.readStream(accountStreamId(userId));
    expect(recorded?.data).toMatchObject({ amountMicro: '1000500000', feeMicro: '25012500', feePercentageAtDeposit: '2.5' });
    expect(await typesOf(depositTxStreamId(hash))).toEqual(['DepositTransactionReserved']);
  });

  it('charges nothing without a plan or when the plan was deleted', async () => {
    const { userId } = await api.seedMember();
    expect((await api.deposit(userId, '10')).body).toMatchObject({ feePercentageAtDeposit: 0, calculatedFeeUSD: 0 });
    await api.assignPlan(userId, await api.seedPlan('5', { deleted: true }));
    expect((await api.deposit(userId, '10')).body).toMatchObject({ feePercentageAtDeposit: 0, calculatedFeeUSD: 0 });
    expect((await api.account(userId)).balanceMicro).toBe(20_000_000n);
  });

  it('refuses a transaction hash already recorded, for any member, appending nothing', async () => {
    const { userId } = await api.seedMember();
    const other = await api.seedMember();
    const hash = randomTxHash();
    expect((await api.deposit(userId, 50, hash)).status).toBe(200);
    const head = await api.head();
    for (const [who, hashText] of [
      [userId, hash],
      [other.userId, hash.toUpperCase().replace('0X', '0x')],
    ] as const) {
      const again = await api.deposit(who, 50, hashText);
      expect(again.status).toBe(409);
      expect(again.body['message']).toBe(DUPLICATE_DEPOSIT_MESSAGE);
    }
    expect(await api.head()).toBe(head);
    expect((await api.account(userId)).balanceMicro).toBe(50_000_000n);
  });

  it('credits a hash entered at the same moment by several admins exactly once', async () => {
    const { userId } = await api.seedMember();
    const other = await api.seedMember();
    const hash = randomTxHash();
    const replies = await Promise.all([userId, userId, userId, other.userId, other.userId].map((who) => api.deposit(who, 25, hash)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const total = (await api.account(userId)).balanceMicro + (await api.account(other.userId)).balanceMicro;
    expect(total).toBe(25_000_000n);
  });

  it('finishes crediting a deposit whose reservation was left by a crash, once', async () => {
    const { userId } = await api.seedMember();
    const hash = randomTxHash();
    const reserved = { transactionHash: hash, depositId: depositIdFor({ transactionHash: hash }), userId, reservedAt: api.clock.now.toISOString() };
    const metadata = { actor: { type: 'system' as const }, correlationId: 'c', causationId: 'c', occurredAt: reserved.reservedAt, schemaVersion: 1 };
    const crashed = [{ id: randomUUID(), type: 'DepositTransactionReserved', data: reserved, metadata }];
    await api.store.appendToStream(depositTxStreamId(hash), crashed, { expectedRevision: 'no_stream' });
    expect((await api.deposit(userId, 7, hash)).status).toBe(200);
    expect((await api.account(userId)).balanceMicro).toBe(7_000_000n);
    expect((await api.deposit(userId, 7, hash)).status).toBe(409);
    expect(await typesOf(depositTxStreamId(hash))).toEqual(['DepositTransactionReserved']);
  });

  it('refuses bad input with the exact product form message and field errors, changing nothing', async () => {
    const { userId } = await api.seedMember();
    const head = await api.head();
    const bad = await api.send('POST', '/deposits', { userId, transactionHash: 'abc', timestamp: '', amountUSD: 0.001 }, api.admin);
    expect(bad.status).toBe(400);
    expect(bad.body['message']).toBe(DEPOSIT_FORM_INVALID);
    const fields = (bad.body['errors'] as { field: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual(['amountUSD', 'timestamp', 'transactionHash']);
    const unknown = await api.deposit(randomUUID(), 10);
    expect(unknown.status).toBe(404);
    expect(unknown.body['message']).toBe(USER_NOT_FOUND_MESSAGE);
    expect(await api.head()).toBe(head);
  });

  it('records deposits for approved members only: pending, rejected, suspended and staff accounts are refused, appending nothing', async () => {
    const seed = (status: 'pending' | 'rejected' | 'suspended' | 'approved', role: 'user' | 'admin' | 'auditor' = 'user') =>
      api.seedUser({ email: `${status}-${role}-${randomUUID()}@example.com`, password: 'Str0ngPassw0rd', status, role });
    const cases = [
      [await seed('pending'), 'Deposits can only be recorded for approved members; this account is pending approval.'],
      [await seed('rejected'), 'Deposits can only be recorded for approved members; this account was rejected.'],
      [await seed('suspended'), 'Deposits can only be recorded for approved members; this account is suspended.'],
      [await seed('approved', 'admin'), 'Deposits can only be recorded for members; this account is an administrator.'],
      [await seed('approved', 'auditor'), 'Deposits can only be recorded for members; this account is an auditor.'],
    ] as const;
    const head = await api.head();
    for (const [userId, message] of cases) {
      const hash = randomTxHash();
      const reply = await api.deposit(userId, 10, hash);
      expect(reply.status, message).toBe(409);
      expect(reply.body['message']).toBe(message);
      // The hash stays free, so the deposit can be recorded once the account is an approved member.
      expect(await api.store.readStream(depositTxStreamId(hash))).toEqual([]);
    }
    expect(await api.head()).toBe(head);
    // The same refusal holds for the chain door, which goes through the same rule.
    const [pendingId] = cases[0];
    const detected = recordDeposit(
      { eventStore: api.store },
      { source: 'chain', userId: pendingId, transactionHash: randomTxHash(), amountMicro: 5_000_000n, timestamp: '2026-11-01T10:00:00.000Z', network: 'Avalanche', blockNumber: 7, logIndex: 0, fromAddress: ADDRESS, toAddress: ADDRESS },
      system(new Date()),
    );
    await expect(detected).rejects.toThrow(DepositRecipientError);
    expect(await api.head()).toBe(head);
  });

  it('is for admins only', async () => {
    const member = await api.seedMember();
    const body = { userId: member.userId, transactionHash: randomTxHash(), timestamp: '2026-11-01T10:00:00Z', amountUSD: 5 };
    const reply = await api.send('POST', '/deposits', body, member.auth);
    expect(reply.status).toBe(403);
  });

  it('credits each detected transfer of a transaction once, and never together with an admin entry', async () => {
    const { userId } = await api.seedMember();
    const deps = { eventStore: api.store };
    const hash = randomTxHash();
    const transfer = (logIndex: number) => ({
      source: 'chain' as const,
      userId,
      transactionHash: hash,
      amountMicro: 3_000_000n,
      timestamp: '2026-11-01T10:00:00.000Z',
      network: 'Avalanche' as const,
      blockNumber: 12,
      logIndex,
      fromAddress: ADDRESS,
      toAddress: ADDRESS,
    });
    const first = await recordDeposit(deps, transfer(0), system(api.clock.now));
    const retried = await recordDeposit(deps, transfer(0), system(api.clock.now));
    const second = await recordDeposit(deps, transfer(1), system(api.clock.now));
    expect([first.credited, retried.credited, second.credited]).toEqual([true, false, true]);
    expect(retried.depositId).toBe(first.depositId);
    expect((await api.account(userId)).balanceMicro).toBe(6_000_000n);
    expect(await typesOf(accountStreamId(userId))).toEqual(['DepositDetected', 'DepositDetected']);

    const admin = await api.deposit(userId, 3, hash);
    expect(admin.status).toBe(409);
    const adminFirst = randomTxHash();
    expect((await api.deposit(userId, 3, adminFirst)).status).toBe(200);
    await expect(recordDeposit(deps, { ...transfer(0), transactionHash: adminFirst }, system(api.clock.now))).rejects.toThrow(ConflictError);
    expect((await api.account(userId)).balanceMicro).toBe(9_000_000n);
  });
});

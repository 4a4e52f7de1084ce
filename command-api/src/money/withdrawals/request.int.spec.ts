import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_AMOUNT_MESSAGE } from '@concierge/contracts';
import { accountStreamId } from '@concierge/domain/money/account/account';
import { accountAggregate } from '@concierge/domain/money/account/decide';
import { DESTINATION_NOT_FOUND_MESSAGE, WALLET_SETUP_MESSAGE } from '@concierge/domain/money/withdrawals/destination';
import { withdrawalRefStreamId } from '@concierge/domain/money/withdrawals/withdrawal-ref';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from '@concierge/domain/money/withdrawals/replay';
import { startMoneyApi, type Member, type MoneyApi } from '../testing/harness.js';
import { WITHDRAWAL_REQUESTED_MESSAGE } from './routes.js';

const PRIMARY = '0x1111111111111111111111111111111111111111';
const OTHER = '0x2222222222222222222222222222222222222222';

describe('requesting a withdrawal (POST /withdrawals/request)', () => {
  let api: MoneyApi;
  const request = (member: Member, body: unknown, headers: Record<string, string> = {}) =>
    api.send('POST', '/withdrawals/request', body, { ...member.auth, ...headers });
  /** A member holding `amount` USDC with a primary withdrawal address. */
  const funded = async (amount: number) => {
    const member = await api.seedMember();
    await api.saveAddress(member.userId, PRIMARY);
    expect((await api.deposit(member.userId, amount)).status).toBe(200);
    return member;
  };

  beforeAll(async () => {
    api = await startMoneyApi('withdrawal-request');
  });
  afterAll(async () => {
    await api?.close();
  });

  it('reserves the amount for the primary address and answers with the new id', async () => {
    const member = await funded(100);
    const reply = await request(member, { amount: 12.5, asset: 'USDC' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ message: WITHDRAWAL_REQUESTED_MESSAGE, status: 'pending', position: expect.stringMatching(/^\d+-\d+$/) });
    const withdrawalId = String(reply.body['withdrawalId']);
    expect(await api.account(member.userId)).toMatchObject({ balanceMicro: 100_000_000n, reservedMicro: 12_500_000n, availableMicro: 87_500_000n });
    const requested = (await api.store.readStream(accountStreamId(member.userId))).at(-1);
    expect(requested?.data).toMatchObject({ withdrawalId, amountMicro: '12500000', destination: { address: PRIMARY, network: 'Avalanche' } });
    const [reference] = await api.store.readStream(withdrawalRefStreamId(withdrawalId));
    expect(reference?.data).toMatchObject({ withdrawalId, userId: member.userId });
  });

  it("goes to another saved address when named, but never to someone else's", async () => {
    const member = await funded(20);
    const otherId = await api.saveAddress(member.userId, OTHER, { network: 'Polygon', primary: false });
    expect((await request(member, { amount: 5, withdrawalAddressId: otherId })).status).toBe(200);
    const requested = (await api.store.readStream(accountStreamId(member.userId))).at(-1);
    expect(requested?.data['destination']).toMatchObject({ addressId: otherId, address: OTHER, network: 'Polygon' });

    const stranger = await funded(20);
    const head = await api.head();
    const refused = await request(stranger, { amount: 5, withdrawalAddressId: otherId });
    expect(refused.status).toBe(404);
    expect(refused.body['message']).toBe(DESTINATION_NOT_FOUND_MESSAGE);
    expect(await api.head()).toBe(head);
  });

  it('asks a member without a withdrawal address to set one up, appending nothing', async () => {
    const member = await api.seedMember();
    await api.deposit(member.userId, 50);
    const head = await api.head();
    const reply = await request(member, { amount: 10, asset: 'USDC' });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ message: WALLET_SETUP_MESSAGE, requiresWalletSetup: true });
    expect(await api.head()).toBe(head);
  });

  it('refuses less than 0.01 USDC or a malformed amount with the exact product message, appending nothing', async () => {
    const member = await funded(10);
    const head = await api.head();
    for (const amount of [0.001, 0, -5, 'ten', null]) {
      const reply = await request(member, { amount });
      expect(reply.status, String(amount)).toBe(400);
      expect(reply.body['message']).toBe(WITHDRAWAL_AMOUNT_MESSAGE);
    }
    expect(await api.head()).toBe(head);
  });

  it('refuses more than the available balance with the amount the member can take', async () => {
    const member = await funded(30);
    expect((await request(member, { amount: 20 })).status).toBe(200);
    const head = await api.head();
    const reply = await request(member, { amount: 10.000001 });
    expect(reply.status).toBe(409);
    expect(reply.body['message']).toBe('Insufficient available balance: you can withdraw up to 10 USDC.');
    expect(await api.head()).toBe(head);
    expect((await api.account(member.userId)).reservedMicro).toBe(20_000_000n);
  });

  it('withdraws once when a client resends the same request with its Idempotency-Key, answering the original answer', async () => {
    const member = await funded(30);
    const key = { 'idempotency-key': randomUUID() };
    const first = await request(member, { amount: 10 }, key);
    const again = await request(member, { amount: 10 }, key);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual(first.body);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await api.account(member.userId)).reservedMicro).toBe(10_000_000n);
  });

  it('replays the original answer after the withdrawal was cancelled, appending nothing and reserving nothing again', async () => {
    const member = await funded(30);
    const key = { 'idempotency-key': randomUUID() };
    const first = await request(member, { amount: 10 }, key);
    const id = String(first.body['withdrawalId']);
    expect((await api.send('POST', `/withdrawals/${id}/cancel`, {}, member.auth)).body).toMatchObject({ status: 'cancelled' });
    // The balance has moved on too: the replay is not judged again against it.
    expect((await request(member, { amount: 25 })).status).toBe(200);
    const streamLength = async () => (await api.store.readStream(accountStreamId(member.userId))).length;
    const before = await streamLength();
    const replay = await request(member, { amount: 10 }, key);
    // The original answer (draft-ietf-httpapi-idempotency-key-header; Stripe): what the withdrawal became is in the history.
    expect([replay.status, replay.body, replay.headers.get('idempotent-replayed')]).toEqual([200, first.body, 'true']);
    expect(await streamLength()).toBe(before);
    const account = await api.account(member.userId);
    expect(account.reservedMicro).toBe(25_000_000n);
  });

  it('refuses the same Idempotency-Key with another amount or address with a 422, changing nothing', async () => {
    const member = await funded(30);
    const other = await api.saveAddress(member.userId, OTHER, { primary: false });
    const key = { 'idempotency-key': randomUUID() };
    expect((await request(member, { amount: 10 }, key)).status).toBe(200);
    const streamLength = async () => (await api.store.readStream(accountStreamId(member.userId))).length;
    const before = await streamLength();
    for (const body of [{ amount: 11 }, { amount: 10, withdrawalAddressId: other }]) {
      const reused = await request(member, body, key);
      expect([reused.status, reused.body['message']], JSON.stringify(body)).toEqual([422, IDEMPOTENCY_KEY_REUSED_MESSAGE]);
    }
    expect(await streamLength()).toBe(before);
    expect((await api.account(member.userId)).reservedMicro).toBe(10_000_000n);
  });

  it('is for members only', async () => {
    expect((await api.send('POST', '/withdrawals/request', { amount: 1 }, api.admin)).status).toBe(403);
    expect((await api.send('POST', '/withdrawals/request', { amount: 1 })).status).toBe(401);
  });

  it('never overdraws: of 50 simultaneous requests of 10 USDC against 100 USDC, exactly 10 succeed', async () => {
    const member = await funded(100);
    const replies = await Promise.all(Array.from({ length: 50 }, () => request(member, { amount: 10, asset: 'USDC' })));
    const ok = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status === 409);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const reply of refused) expect(reply.body['message']).toBe('Insufficient available balance: you can withdraw up to 0 USDC.');
    expect(new Set(ok.map((r) => r.body['withdrawalId'])).size).toBe(10);

    // The stream itself, replayed from scratch, agrees with the answers.
    const state = await accountAggregate.load({ eventStore: api.store }, member.userId);
    expect(state).toMatchObject({ balanceMicro: 100_000_000n, reservedMicro: 100_000_000n, availableMicro: 0n });
    expect([...state.withdrawals.values()].filter((w) => w.status === 'pending')).toHaveLength(10);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWALS_COLLECTION, WithdrawalListResponse, type WithdrawalDto, type WithdrawalReadModel } from '@concierge/contracts';
import { startQueryApi, userDoc, putUsers, type QueryApiHarness } from '../../testing/harness.js';
import { evmAddress, minuteAt, txHash, withdrawalDoc } from '../../testing/money-docs.js';

const ada = userDoc(0, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
const grace = userDoc(1, { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.example' });
const admin = userDoc(2, { firstName: 'Root', lastName: 'Admin', role: 'admin' });
const shared = `0x${'C0FFEE'.repeat(6)}abcd`;

const docs: WithdrawalReadModel[] = [
  withdrawalDoc(ada, 'w-a1', 10, { status: 'completed', amountMicro: '100100000' }),
  withdrawalDoc(ada, 'w-a2', 20, { status: 'pending', amountMicro: '5000000' }),
  withdrawalDoc(ada, 'w-a3', 30, { status: 'rejected' }),
  withdrawalDoc(grace, 'w-g1', 15, { status: 'pending', address: shared }),
  withdrawalDoc(grace, 'w-g2', 25, { status: 'completed', amountMicro: '200200000' }),
  withdrawalDoc(grace, 'w-g3', 5, { status: 'pending' }),
  {
    ...withdrawalDoc(grace, 'w-g4', 35, { status: 'approved' }),
    payout: { stage: 'delayed', transactionHash: txHash(35), failureReason: null, retryable: null, delayReason: 'Payout delayed: the fee ceiling is reached.', at: minuteAt(37) },
  },
];

describe('withdrawals read-model queries', () => {
  let api: QueryApiHarness;
  let asAdmin: string;
  let asAda: string;
  const list = (body: unknown) => WithdrawalListResponse.parse(body);
  const ids = (body: unknown) => list(body).map((w) => w.id);

  beforeAll(async () => {
    api = await startQueryApi('withdrawalqueries');
    asAdmin = api.bearer({ sub: admin.id, role: 'admin' });
    asAda = api.bearer({ sub: ada.id, role: 'user' });
    await putUsers(api.readStore, [ada, grace, admin]);
    await api.readStore.collection<WithdrawalReadModel>(WITHDRAWALS_COLLECTION).upsertMany(docs);
  });
  afterAll(async () => api?.close());

  describe('GET /api/withdrawals/history', () => {
    it("shows a member only their own withdrawals, newest first, with the exact total", async () => {
      const all = await api.get('/withdrawals/history', asAda);
      expect(all.status).toBe(200);
      expect(ids(all.body)).toEqual(['w-a3', 'w-a2', 'w-a1']);
      expect(all.headers.get('x-total-count')).toBe('3');
      // Payout details (hot wallet, fees) are for admins only.
      expect(list(all.body).every((w) => !('payout' in w))).toBe(true);
      const second = await api.get('/withdrawals/history?page=2&limit=2', asAda);
      expect(ids(second.body)).toEqual(['w-a1']);
      expect(second.headers.get('x-total-count')).toBe('3');
    });

    it('is for members only', async () => {
      expect((await api.get('/withdrawals/history', asAdmin)).status).toBe(403);
    });
  });

  describe('GET /api/withdrawals/admin/requests', () => {
    it('lists every withdrawal newest first as WithdrawalDto, 10 to a page by default', async () => {
      const all = await api.get('/withdrawals/admin/requests', asAdmin);
      expect(all.status).toBe(200);
      expect(ids(all.body)).toEqual(['w-g4', 'w-a3', 'w-g2', 'w-a2', 'w-g1', 'w-a1', 'w-g3']);
      expect(all.headers.get('x-total-count')).toBe('7');
      const completed = list(all.body).find((w) => w.id === 'w-a1');
      expect(completed).toEqual({
        _id: 'w-a1',
        id: 'w-a1',
        userId: { _id: ada.id, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
        amount: 100.1,
        asset: 'USDC',
        status: 'completed',
        requestedAt: minuteAt(10),
        createdAt: minuteAt(10),
        updatedAt: minuteAt(12),
        withdrawalAddressId: { _id: 'addr-w-a1', label: 'Main', address: evmAddress(10), network: 'Avalanche' },
        transactionHash: txHash(10),
        rejectionReason: null,
        approvedAt: minuteAt(11),
        completedAt: minuteAt(12),
        settlement: 'manual',
        payout: null,
      } satisfies WithdrawalDto);
      // Admins see where an on-chain payout stands, with the reason it is delayed.
      expect(list(all.body).find((w) => w.id === 'w-g4')?.payout).toEqual({
        stage: 'delayed',
        transactionHash: txHash(35),
        reason: 'Payout delayed: the fee ceiling is reached.',
        retryable: null,
        at: minuteAt(37),
      });
      expect(list(all.body).find((w) => w.id === 'w-a3')?.rejectionReason).toBe('Address could not be verified');
    });

    it('lists pending requests latest first (the dashboard shows the latest 5), with the exact number pending', async () => {
      const pending = await api.get('/withdrawals/admin/requests?status=pending', asAdmin);
      expect(ids(pending.body)).toEqual(['w-a2', 'w-g1', 'w-g3']);
      expect(pending.headers.get('x-total-count')).toBe('3');
      const secondOnly = await api.get('/withdrawals/admin/requests?status=pending&limit=1&page=2', asAdmin);
      expect(ids(secondOnly.body)).toEqual(['w-g1']);
      expect(secondOnly.headers.get('x-total-count')).toBe('3');
    });

    it('treats a blank status or "all" as every status', async () => {
      for (const status of ['', 'all']) {
        const all = await api.get(`/withdrawals/admin/requests?status=${status}`, asAdmin);
        expect(all.headers.get('x-total-count'), status).toBe('7');
      }
    });

    it("finds withdrawals by the member's name or email or by the address, ignoring case", async () => {
      const search = async (query: string) => ids((await api.get(`/withdrawals/admin/requests?${query}`, asAdmin)).body);
      expect(await search('search=LOVELACE')).toEqual(['w-a3', 'w-a2', 'w-a1']);
      expect(await search('search=ada%20love')).toEqual(['w-a3', 'w-a2', 'w-a1']);
      expect(await search('search=navy.example')).toEqual(['w-g4', 'w-g2', 'w-g1', 'w-g3']);
      expect(await search('search=c0ffeec0ffee')).toEqual(['w-g1']);
      expect(await search('search=hopper&status=completed')).toEqual(['w-g2']);
      const none = await api.get('/withdrawals/admin/requests?search=nobody', asAdmin);
      expect(none.body).toEqual([]);
      expect(none.headers.get('x-total-count')).toBe('0');
    });

    it('pages with an exact total for the same filter', async () => {
      const page = await api.get('/withdrawals/admin/requests?page=3&limit=3', asAdmin);
      expect(ids(page.body)).toEqual(['w-g3']);
      expect(page.headers.get('x-total-count')).toBe('7');
      const beyond = await api.get('/withdrawals/admin/requests?page=9&limit=3', asAdmin);
      expect(beyond.body).toEqual([]);
    });

    it('answers an unknown status or a bad page with 400 and a message that says what to send', async () => {
      const bad = await api.get('/withdrawals/admin/requests?status=paid', asAdmin);
      expect(bad.status).toBe(400);
      expect(bad.body['message']).toBe('status must be one of: pending, approved, completed, cancelled, rejected (or empty for all)');
      const page = await api.get('/withdrawals/admin/requests?page=0', asAdmin);
      expect(page).toMatchObject({ status: 400, body: { message: 'page must be at least 1' } });
    });

    it('is for admins only', async () => {
      expect((await api.get('/withdrawals/admin/requests', asAda)).status).toBe(403);
      expect((await api.get('/withdrawals/admin/requests')).status).toBe(401);
    });
  });

  describe('GET /api/withdrawals/admin/requests/:id', () => {
    it('shows one withdrawal to an admin, 404 "Withdrawal not found." for an unknown id, and nothing to a member', async () => {
      const one = await api.get('/withdrawals/admin/requests/w-g1', asAdmin);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ id: 'w-g1', status: 'pending', userId: { _id: grace.id, email: 'grace@navy.example' } });
      expect(await api.get('/withdrawals/admin/requests/nope', asAdmin)).toMatchObject({ status: 404, body: { message: 'Withdrawal not found.' } });
      expect((await api.get('/withdrawals/admin/requests/w-a1', asAda)).status).toBe(403);
    });
  });

  describe('GET /api/users/stats', () => {
    it('counts pending and completed withdrawals and sums the completed amounts exactly', async () => {
      const stats = await api.get('/users/stats', asAdmin);
      // 100.1 + 200.2 in floating point would be 300.29999999999995.
      expect(stats.body['data']).toMatchObject({ withdrawals: { pending: 3, completed: 2, amounts: { completed: 300.3 } } });
    });
  });
});

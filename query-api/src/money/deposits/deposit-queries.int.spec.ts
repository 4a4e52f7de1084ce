import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSITS_COLLECTION, DepositListResponse, type DepositDto, type DepositReadModel } from '@concierge/contracts';
import { putUsers, startQueryApi, userDoc, type QueryApiHarness } from '../../testing/harness.js';
import { depositDoc, minuteAt, txHash } from '../../testing/money-docs.js';

const ada = userDoc(0, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
const grace = userDoc(1, { firstName: 'Grace', lastName: 'Hopper' });
const admin = userDoc(2, { firstName: 'Root', lastName: 'Admin', role: 'admin' });

const docs: DepositReadModel[] = [
  depositDoc(ada, 'd-a1', 10, { amountMicro: '100100000', feeMicro: '2502500', fee: '2.5' }),
  depositDoc(ada, 'd-a2', 30, { amountMicro: '1', feeMicro: '1', fee: '50' }),
  depositDoc(grace, 'd-g1', 20),
  depositDoc(grace, 'd-g2', 40),
  depositDoc(grace, 'd-g3', 5),
];

describe('deposits read-model queries', () => {
  let api: QueryApiHarness;
  let asAdmin: string;
  let asAda: string;
  const ids = (body: unknown) => DepositListResponse.parse(body).map((d) => d.id);

  beforeAll(async () => {
    api = await startQueryApi('depositqueries');
    asAdmin = api.bearer({ sub: admin.id, role: 'admin' });
    asAda = api.bearer({ sub: ada.id, role: 'user' });
    await putUsers(api.readStore, [ada, grace, admin]);
    await api.readStore.collection<DepositReadModel>(DEPOSITS_COLLECTION).upsertMany(docs);
  });
  afterAll(async () => api?.close());

  describe('GET /api/deposits/user/:id', () => {
    it('shows a member their own deposits newest first, with exact display amounts and fees', async () => {
      const own = await api.get(`/deposits/user/${ada.id}`, asAda);
      expect(own.status).toBe(200);
      expect(ids(own.body)).toEqual(['d-a2', 'd-a1']);
      expect(DepositListResponse.parse(own.body)[1]).toEqual({
        _id: 'd-a1',
        id: 'd-a1',
        userId: { _id: ada.id, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
        amount: 100.1,
        amountUSD: 100.1,
        asset: 'USDC',
        status: 'completed',
        source: 'admin',
        timestamp: minuteAt(10),
        createdAt: minuteAt(11),
        feePercentageAtDeposit: 2.5,
        calculatedFeeUSD: 2.5025,
        transactionHash: txHash(10_010),
      } satisfies DepositDto);
      expect(DepositListResponse.parse(own.body)[0]).toMatchObject({ amount: 0.000001, calculatedFeeUSD: 0.000001, feePercentageAtDeposit: 50 });
    });

    it("refuses a member another member's deposits (403) but shows them to an admin", async () => {
      const other = await api.get(`/deposits/user/${grace.id}`, asAda);
      expect(other.status).toBe(403);
      expect(JSON.stringify(other.body)).not.toContain('d-g1');
      expect(ids((await api.get(`/deposits/user/${grace.id}`, asAdmin)).body)).toEqual(['d-g2', 'd-g1', 'd-g3']);
    });

    it('answers an empty list for a member without deposits', async () => {
      expect((await api.get(`/deposits/user/${admin.id}`, asAdmin)).body).toEqual([]);
    });
  });

  describe('GET /api/deposits', () => {
    it('lists every deposit newest first, page by page, with the exact total in X-Total-Count', async () => {
      const first = await api.get('/deposits?limit=2', asAdmin);
      expect(first.status).toBe(200);
      expect(ids(first.body)).toEqual(['d-g2', 'd-a2']);
      expect(first.headers.get('x-total-count')).toBe('5');
      const third = await api.get('/deposits?limit=2&page=3', asAdmin);
      expect(ids(third.body)).toEqual(['d-g3']);
      expect(ids((await api.get('/deposits', asAdmin)).body)).toEqual(['d-g2', 'd-a2', 'd-g1', 'd-a1', 'd-g3']);
    });

    it("filters to one member's deposits", async () => {
      const one = await api.get(`/deposits?userId=${ada.id}`, asAdmin);
      expect(ids(one.body)).toEqual(['d-a2', 'd-a1']);
      expect(one.headers.get('x-total-count')).toBe('2');
      const blank = await api.get('/deposits?userId=', asAdmin);
      expect(blank.headers.get('x-total-count')).toBe('5');
    });

    it('answers a bad limit with 400 and a message, and refuses members (403)', async () => {
      expect(await api.get('/deposits?limit=1000', asAdmin)).toMatchObject({ status: 400, body: { message: 'limit must be at most 100' } });
      expect((await api.get('/deposits', asAda)).status).toBe(403);
    });
  });
});

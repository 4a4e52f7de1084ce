import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS_COLLECTION,
  DEPOSITS_COLLECTION,
  TransactionsResponse,
  WALLETS_COLLECTION,
  WITHDRAWALS_COLLECTION,
  type AccountReadModel,
  type DepositReadModel,
  type WalletReadModel,
  type WithdrawalReadModel,
} from '@concierge/contracts';
import { putUsers, startQueryApi, userDoc, type QueryApiHarness } from '../../testing/harness.js';
import { depositDoc, evmAddress, minuteAt, txHash, withdrawalDoc } from '../../testing/money-docs.js';

const ada = userDoc(0, { firstName: 'Ada', lastName: 'Lovelace' });
const grace = userDoc(1, { firstName: 'Grace', lastName: 'Hopper' });
const admin = userDoc(2, { firstName: 'Root', lastName: 'Admin', role: 'admin' });

const adaWallet: WalletReadModel = {
  id: ada.id,
  userId: ada.id,
  address: evmAddress(1),
  derivationIndex: 7,
  derivationPath: "m/44'/60'/0'/0/7",
  autoWithdrawal: false,
  assignedAt: minuteAt(0),
  updatedAt: minuteAt(0),
};
// 300.3 deposited, 7.5075 fees, 10 withdrawn; 40 reserved by open withdrawals.
const adaAccount: AccountReadModel = {
  id: ada.id,
  userId: ada.id,
  balanceMicro: '282792500',
  reservedMicro: '40000000',
  depositedMicro: '300300000',
  feesMicro: '7507500',
  withdrawnMicro: '10000000',
  openWithdrawals: { 'w-a2': '40000000' },
  updatedAt: minuteAt(30),
};

describe('wallets and accounts read-model queries', () => {
  let api: QueryApiHarness;
  let asAda: string;
  let asGrace: string;
  let asAdmin: string;

  beforeAll(async () => {
    api = await startQueryApi('walletqueries');
    asAda = api.bearer({ sub: ada.id, role: 'user' });
    asGrace = api.bearer({ sub: grace.id, role: 'user' });
    asAdmin = api.bearer({ sub: admin.id, role: 'admin' });
    await putUsers(api.readStore, [ada, grace, admin]);
    await api.readStore.collection<WalletReadModel>(WALLETS_COLLECTION).upsert(adaWallet);
    await api.readStore.collection<AccountReadModel>(ACCOUNTS_COLLECTION).upsert(adaAccount);
    await api.readStore
      .collection<DepositReadModel>(DEPOSITS_COLLECTION)
      .upsertMany([depositDoc(ada, 'd-1', 10), depositDoc(ada, 'd-2', 20), depositDoc(ada, 'd-same', 25), depositDoc(grace, 'd-g', 50)]);
    await api.readStore
      .collection<WithdrawalReadModel>(WITHDRAWALS_COLLECTION)
      .upsertMany([
        withdrawalDoc(ada, 'w-a1', 15, { status: 'completed', amountMicro: '10000000' }),
        withdrawalDoc(ada, 'w-a2', 25, { amountMicro: '40000000' }),
        withdrawalDoc(grace, 'w-g', 60),
      ]);
  });
  afterAll(async () => api?.close());

  it("GET /api/wallets/info shows the member's deposit address and balance, and null and 0 before any", async () => {
    expect(await api.get('/wallets/info', asAda)).toMatchObject({ status: 200, body: { address: evmAddress(1), totalValue: 282.7925 } });
    expect((await api.get('/wallets/info', asGrace)).body).toEqual({ address: null, totalValue: 0 });
  });

  it('GET /api/wallets/balances shows balance, reserved and available exactly', async () => {
    expect((await api.get('/wallets/balances', asAda)).body).toEqual({
      balances: [{ asset: 'USDC', balance: 282.7925, reserved: 40, available: 242.7925 }],
    });
    expect((await api.get('/wallets/balances', asGrace)).body).toEqual({ balances: [{ asset: 'USDC', balance: 0, reserved: 0, available: 0 }] });
  });

  describe('GET /api/wallets/transactions', () => {
    it("merges the member's deposits and withdrawals newest first, 5 by default, deposits always completed", async () => {
      const all = await api.get('/wallets/transactions', asAda);
      expect(all.status).toBe(200);
      const body = TransactionsResponse.parse(all.body);
      expect(body.transactions.map((t) => t.id)).toEqual(['d-same', 'w-a2', 'd-2', 'w-a1', 'd-1']);
      expect(body).toMatchObject({ total: 5, limit: 5, offset: 0 });
      expect(body.transactions[0]).toEqual({ id: 'd-same', type: 'Deposit', date: minuteAt(25), amount: 100, asset: 'USDC', status: 'completed', txHash: txHash(10_025) });
      expect(body.transactions[1]).toEqual({ id: 'w-a2', type: 'Withdrawal', date: minuteAt(25), amount: 40, asset: 'USDC', status: 'pending', txHash: null });
      expect(body.transactions[3]).toMatchObject({ type: 'Withdrawal', status: 'completed', txHash: txHash(15) });
    });

    it('pages with limit and offset without overlap or gaps', async () => {
      const pages = [];
      for (const offset of [0, 2, 4]) {
        const page = TransactionsResponse.parse((await api.get(`/wallets/transactions?limit=2&offset=${offset}`, asAda)).body);
        expect(page.total).toBe(5);
        pages.push(...page.transactions.map((t) => t.id));
      }
      expect(pages).toEqual(['d-same', 'w-a2', 'd-2', 'w-a1', 'd-1']);
      const beyond = TransactionsResponse.parse((await api.get('/wallets/transactions?offset=50', asAda)).body);
      expect(beyond).toEqual({ transactions: [], total: 5, limit: 5, offset: 50 });
    });

    it("never shows another member's transactions, and refuses a negative offset with a message", async () => {
      const grace1 = TransactionsResponse.parse((await api.get('/wallets/transactions', asGrace)).body);
      expect(grace1.transactions.map((t) => t.id)).toEqual(['w-g', 'd-g']);
      expect(await api.get('/wallets/transactions?offset=-1', asAda)).toMatchObject({ status: 400, body: { message: 'offset must not be negative' } });
    });
  });

  describe('GET /api/wallets/user/:id', () => {
    it("shows an admin a member's wallet and value, a member without an address as null, and 404 for an unknown user", async () => {
      expect((await api.get(`/wallets/user/${ada.id}`, asAdmin)).body).toEqual({
        userId: ada.id,
        address: evmAddress(1),
        derivationIndex: 7,
        totalValue: 282.7925,
      });
      expect((await api.get(`/wallets/user/${grace.id}`, asAdmin)).body).toEqual({ userId: grace.id, address: null, derivationIndex: null, totalValue: 0 });
      expect(await api.get('/wallets/user/no-such-user', asAdmin)).toMatchObject({ status: 404, body: { message: 'No user found with this ID.' } });
    });

    it('is for admins only', async () => {
      expect((await api.get(`/wallets/user/${ada.id}`, asAda)).status).toBe(403);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_ADDRESSES_COLLECTION, WithdrawalAddressListResponse, type WithdrawalAddressReadModel } from '@concierge/contracts';
import { startQueryApi, userDoc, type QueryApiHarness } from '../../testing/harness.js';
import { addressDoc, evmAddress, minuteAt } from '../../testing/money-docs.js';

const ada = userDoc(0, { firstName: 'Ada', lastName: 'Lovelace' });
const grace = userDoc(1, { firstName: 'Grace', lastName: 'Hopper' });

describe('withdrawal addresses read-model queries', () => {
  let api: QueryApiHarness;

  beforeAll(async () => {
    api = await startQueryApi('addressqueries');
    await api.readStore
      .collection<WithdrawalAddressReadModel>(WITHDRAWAL_ADDRESSES_COLLECTION)
      .upsertMany([addressDoc(ada, 'a-old', 1), addressDoc(ada, 'a-primary', 5, true), addressDoc(ada, 'a-mid', 3), addressDoc(grace, 'g-1', 2, true)]);
  });
  afterAll(async () => api?.close());

  it("lists the member's own addresses, primary first and then oldest first", async () => {
    const own = await api.get('/withdrawals/addresses', api.bearer({ sub: ada.id, role: 'user' }));
    expect(own.status).toBe(200);
    const list = WithdrawalAddressListResponse.parse(own.body);
    expect(list.map((a) => a.id)).toEqual(['a-primary', 'a-old', 'a-mid']);
    expect(list[0]).toEqual({
      _id: 'a-primary',
      id: 'a-primary',
      label: 'Label a-primary',
      address: evmAddress(5),
      network: 'Polygon',
      isPrimary: true,
      createdAt: minuteAt(5),
    });
  });

  it("never shows another member's addresses, and an empty list to a member with none", async () => {
    const other = await api.get('/withdrawals/addresses', api.bearer({ sub: grace.id, role: 'user' }));
    expect(WithdrawalAddressListResponse.parse(other.body).map((a) => a.id)).toEqual(['g-1']);
    expect((await api.get('/withdrawals/addresses', api.bearer({ sub: 'someone-else', role: 'user' }))).body).toEqual([]);
    expect((await api.get('/withdrawals/addresses')).status).toBe(401);
  });
});

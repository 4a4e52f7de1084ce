import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { primaryAddress } from '@concierge/domain/money/withdrawal-addresses/withdrawal-addresses';
import { ADDRESS_NOT_FOUND_MESSAGE, withdrawalAddressesAggregate, MAX_ADDRESSES } from '@concierge/domain/money/withdrawal-addresses/decide';
import { startIdentityApi, type IdentityApi } from '../../identity/testing/harness.js';
import { ADDRESS_DELETED_MESSAGE, ADDRESS_SAVED_MESSAGE, ADDRESS_UPDATED_MESSAGE, PRIMARY_SET_MESSAGE } from './routes.js';

/** Hardhat's first account, lower-case as a person might paste it, and its EIP-55 form. */
const LOWER = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const CHECKSUMMED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const addr = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

describe('withdrawal addresses over HTTP', () => {
  let api: IdentityApi;
  let member: string;
  let auth: Record<string, string>;

  beforeAll(async () => {
    api = await startIdentityApi('withdrawaladdresses');
    member = await api.seedUser({ email: 'ada@example.com', password: 'Str0ngPassw0rd' });
    auth = { authorization: api.bearer(member) };
  });
  afterAll(async () => {
    await api.close();
  });

  const addressesOf = (userId = member) => withdrawalAddressesAggregate.load({ eventStore: api.store }, userId);
  const save = (body: unknown, headers = auth) => api.send('POST', '/withdrawals/addresses', body, headers);

  it('saves the first address checksummed, as primary, on Avalanche by default', async () => {
    const reply = await save({ label: ' Ledger ', address: LOWER });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ label: 'Ledger', address: CHECKSUMMED, network: 'Avalanche', isPrimary: true, message: ADDRESS_SAVED_MESSAGE });
    expect(reply.body['_id']).toBe(reply.body['id']);
    expect(typeof reply.body['position']).toBe('string');
    const state = await addressesOf();
    expect(primaryAddress(state)).toMatchObject({ addressId: reply.body['id'], address: CHECKSUMMED });
  });

  it('refuses the same address on the same network again with a 409 that names the saved one', async () => {
    const reply = await save({ label: 'Again', address: CHECKSUMMED.toUpperCase().replace('0X', '0x') });
    expect(reply.status).toBe(409);
    expect(reply.body['message']).toBe('This address is already saved for Avalanche as "Ledger".');
    expect((await addressesOf()).addresses.size).toBe(1);
  });

  it('refuses a malformed or badly checksummed address, a missing label and an unknown network with a 400', async () => {
    const before = await api.head();
    const cases: [unknown, string][] = [
      [{ label: 'x', address: '0x1234' }, 'Please enter a valid EVM address'],
      [{ label: 'x', address: '0xF39fd6e51aad88F6F4ce6aB8827279cffFb92266' }, 'Please enter a valid EVM address'],
      [{ label: '  ', address: addr(5) }, 'Label is required'],
      [{ label: 'x', address: addr(5), network: 'Solana' }, 'Please choose a network: Avalanche, Ethereum, Binance Smart Chain or Polygon'],
    ];
    for (const [body, message] of cases) {
      const reply = await save(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body['message']).toBe(message);
    }
    expect(await api.head()).toBe(before);
  });

  it('edits an address, keeps its primacy, and answers an unchanged save without appending', async () => {
    const [id] = [...(await addressesOf()).addresses.keys()];
    const reply = await api.send('PUT', `/withdrawals/addresses/${id}`, { label: 'Cold', address: addr(9), network: 'Polygon' }, auth);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id, label: 'Cold', address: addr(9), network: 'Polygon', isPrimary: true, message: ADDRESS_UPDATED_MESSAGE });
    const before = await api.head();
    const again = await api.send('PUT', `/withdrawals/addresses/${id}`, { label: 'Cold', address: addr(9), network: 'Polygon' }, auth);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ message: ADDRESS_UPDATED_MESSAGE, position: null });
    expect(await api.head()).toBe(before);
  });

  it('sets another address primary, and makes the oldest remaining one primary when the primary is deleted', async () => {
    const second = await save({ label: 'Second', address: addr(2), network: 'Ethereum' });
    const third = await save({ label: 'Third', address: addr(3) });
    expect(second.body['isPrimary']).toBe(false);
    const [first] = [...(await addressesOf()).addresses.keys()];

    const primary = await api.send('POST', `/withdrawals/addresses/${String(third.body['id'])}/set-primary`, undefined, auth);
    expect(primary.status).toBe(200);
    expect(primary.body['message']).toBe(PRIMARY_SET_MESSAGE);
    expect((await addressesOf()).primaryId).toBe(third.body['id']);

    const removed = await api.send('DELETE', `/withdrawals/addresses/${String(third.body['id'])}`, undefined, auth);
    expect(removed.status).toBe(200);
    expect(removed.body['message']).toBe(ADDRESS_DELETED_MESSAGE);
    expect((await addressesOf()).primaryId).toBe(first);
  });

  it('answers 404 for an address that is not the member\'s, was deleted or never existed, and changes nothing', async () => {
    const other = await api.seedUser({ email: 'grace@example.com', password: 'Str0ngPassw0rd' });
    const theirs = await save({ label: 'Theirs', address: addr(77) }, { authorization: api.bearer(other) });
    const [mine] = [...(await addressesOf()).addresses.keys()];
    await api.send('DELETE', `/withdrawals/addresses/${mine}`, undefined, auth);
    const before = await api.head();
    const attempts = [
      api.send('DELETE', `/withdrawals/addresses/${String(theirs.body['id'])}`, undefined, auth),
      api.send('DELETE', `/withdrawals/addresses/${mine}`, undefined, auth),
      api.send('POST', '/withdrawals/addresses/not-a-real-id/set-primary', undefined, auth),
      api.send('PUT', `/withdrawals/addresses/${encodeURIComponent('bad id!')}`, { label: 'x', address: addr(1) }, auth),
    ];
    for (const reply of await Promise.all(attempts)) {
      expect(reply.status).toBe(404);
      expect(reply.body['message']).toBe(ADDRESS_NOT_FOUND_MESSAGE);
    }
    expect(await api.head()).toBe(before);
    expect((await addressesOf(other)).addresses.size).toBe(1);
  });

  it(`refuses more than ${MAX_ADDRESSES} addresses`, async () => {
    const owner = await api.seedUser({ email: 'many@example.com', password: 'Str0ngPassw0rd' });
    const headers = { authorization: api.bearer(owner) };
    for (let i = 0; i < MAX_ADDRESSES; i += 1) expect((await save({ label: `A${i}`, address: addr(1000 + i) }, headers)).status).toBe(201);
    const over = await save({ label: 'One too many', address: addr(5000) }, headers);
    expect(over.status).toBe(409);
    expect(over.body['message']).toMatch(/at most 20 withdrawal addresses/);
  });

  it('keeps one primary when two first addresses are saved at the same moment', async () => {
    const owner = await api.seedUser({ email: 'race@example.com', password: 'Str0ngPassw0rd' });
    const headers = { authorization: api.bearer(owner) };
    const replies = await Promise.all([save({ label: 'A', address: addr(11) }, headers), save({ label: 'B', address: addr(12) }, headers)]);
    expect(replies.map((r) => r.status)).toEqual([201, 201]);
    expect(replies.filter((r) => r.body['isPrimary'] === true)).toHaveLength(1);
    const state = await addressesOf(owner);
    expect(state.addresses.size).toBe(2);
    expect(replies.find((r) => r.body['isPrimary'] === true)?.body['id']).toBe(state.primaryId);
  });

  it('is for members only: an admin or an anonymous caller cannot save withdrawal addresses', async () => {
    expect((await save({ label: 'x', address: addr(1) }, {})).status).toBe(401);
    const admin = await api.seedUser({ email: 'addresses-admin@example.com', password: 'Str0ngPassw0rd', role: 'admin' });
    expect((await save({ label: 'x', address: addr(1) }, { authorization: api.bearer(admin, 'admin') })).status).toBe(403);
    // A token whose role the account no longer holds is a session from before a role change.
    expect((await save({ label: 'x', address: addr(1) }, { authorization: api.bearer(member, 'admin') })).status).toBe(401);
  });
});

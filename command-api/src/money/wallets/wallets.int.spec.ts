import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveDepositWallet } from '@concierge/platform/wallet/hd-wallet';
import type { CommandContext } from '@concierge/domain/shared/command-context';
import { toNewEvents } from '@concierge/domain/shared/command-context';
import { assignDepositAddress, FIRST_DEPOSIT_INDEX, lowestFreeIndex } from '@concierge/domain/money/wallets/assign-deposit-address';
import { walletIndexStreamId, walletStreamId } from '@concierge/domain/money/wallets/wallet';
import { startIdentityApi, type IdentityApi } from '../../identity/testing/harness.js';
import { AUTO_WITHDRAWAL_UPDATED_MESSAGE } from './routes.js';

const MNEMONIC = 'test test test test test test test test test test test junk';
const ctx = (): CommandContext => ({ actor: { type: 'system', reason: 'test' }, correlationId: 't', causationId: 't', now: new Date() });

describe('deposit wallets', () => {
  let api: IdentityApi;

  beforeAll(async () => {
    api = await startIdentityApi('wallets', { walletMnemonic: MNEMONIC });
  });
  afterAll(async () => {
    await api.close();
  });

  const deps = () => ({ eventStore: api.store, mnemonic: MNEMONIC });
  const walletEvents = async (userId: string) => (await api.store.readStream(walletStreamId(userId))).map((e) => e.type);

  it('assigns the first member index 1, derived from the mnemonic, exactly once however often it runs', async () => {
    const userId = randomUUID();
    const first = await assignDepositAddress(deps(), { userId }, ctx());
    expect(first).toMatchObject({ assigned: true, deposit: { derivationIndex: FIRST_DEPOSIT_INDEX, derivationPath: "m/44'/60'/0'/0/1" } });
    expect(first.deposit.address).toBe(deriveDepositWallet(MNEMONIC, 1).address);
    const again = await Promise.all([assignDepositAddress(deps(), { userId }, ctx()), assignDepositAddress(deps(), { userId }, ctx())]);
    expect(again.map((r) => r.deposit)).toEqual([first.deposit, first.deposit]);
    expect(await walletEvents(userId)).toEqual(['DepositAddressAssigned']);
  });

  it('gives members assigned at the same moment distinct indexes and addresses', async () => {
    const members = Array.from({ length: 8 }, () => randomUUID());
    const results = await Promise.all(members.map((userId) => assignDepositAddress(deps(), { userId }, ctx())));
    const indexes = results.map((r) => r.deposit.derivationIndex);
    expect(new Set(indexes).size).toBe(8);
    expect(new Set(results.map((r) => r.deposit.address)).size).toBe(8);
    for (const r of results) expect(r.deposit.address).toBe(deriveDepositWallet(MNEMONIC, r.deposit.derivationIndex).address);
    expect(Math.min(...indexes)).toBeGreaterThan(FIRST_DEPOSIT_INDEX);
  });

  it('finds the lowest free index past a long run of reservations', async () => {
    const start = await lowestFreeIndex(api.store);
    for (let index = start; index < start + 40; index += 1) {
      const event = { type: 'DerivationIndexReserved', data: { derivationIndex: index, userId: 'filler', reservedAt: new Date().toISOString() } };
      await api.store.appendToStream(walletIndexStreamId(index), toNewEvents([event], ctx()), { expectedRevision: 'no_stream' });
    }
    expect(await lowestFreeIndex(api.store)).toBe(start + 40);
    const next = await assignDepositAddress(deps(), { userId: randomUUID() }, ctx());
    expect(next.deposit.derivationIndex).toBe(start + 40);
  });

  it('assigns an address to a member who set auto-withdrawal before having one', async () => {
    const member = await api.seedUser({ email: 'auto@example.com', password: 'Str0ngPassw0rd' });
    const headers = { authorization: api.bearer(member) };
    const on = await api.send('PUT', '/wallets/auto-withdrawal', { enabled: true }, headers);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ message: AUTO_WITHDRAWAL_UPDATED_MESSAGE });
    expect(typeof on.body['position']).toBe('string');
    const again = await api.send('PUT', '/wallets/auto-withdrawal', { enabled: true }, headers);
    expect(again.body).toEqual({ message: AUTO_WITHDRAWAL_UPDATED_MESSAGE, position: null });
    const bad = await api.send('PUT', '/wallets/auto-withdrawal', { enabled: 'yes' }, headers);
    expect(bad.status).toBe(400);
    expect(bad.body['message']).toBe('enabled must be true or false');

    expect((await assignDepositAddress(deps(), { userId: member }, ctx())).assigned).toBe(true);
    expect(await walletEvents(member)).toEqual(['AutoWithdrawalConfigured', 'DepositAddressAssigned']);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WalletReadModel } from '@concierge/contracts';
import { at, envelope, evmAddress } from '../accounts/money-history.js';
import { useProjectionHarness } from '../testing/projection-harness.js';
import { WALLETS_COLLECTION, walletsProjection } from './projection.js';

describe('wallets projection', () => {
  const harness = useProjectionHarness(walletsProjection, 'walletsproj');
  const { append } = harness;
  const ada = randomUUID();
  const bob = randomUUID();

  const wallets = () => harness.readStore.collection<WalletReadModel>(WALLETS_COLLECTION);
  const run = harness.catchUp;
  const assigned = (userId: string, index: number, minute: number) =>
    envelope(
      'DepositAddressAssigned',
      { userId, address: evmAddress(index), derivationIndex: index, derivationPath: `m/44'/60'/0'/0/${index}`, assignedAt: at(minute) },
      at(minute),
    );
  const autoWithdrawal = (userId: string, enabled: boolean, minute: number) =>
    envelope('AutoWithdrawalConfigured', { userId, enabled, configuredAt: at(minute) }, at(minute));

  it("shows each member's deposit address and auto-withdrawal switch, whichever came first", async () => {
    await append(`wallet-${ada}`, assigned(ada, 0, 0));
    await append(`wallet-${bob}`, autoWithdrawal(bob, true, 1));
    await run();
    expect(await wallets().get(ada)).toEqual({
      id: ada,
      userId: ada,
      address: evmAddress(0),
      derivationIndex: 0,
      derivationPath: "m/44'/60'/0'/0/0",
      autoWithdrawal: false,
      assignedAt: at(0),
      updatedAt: at(0),
    });
    expect(await wallets().get(bob)).toMatchObject({ address: null, derivationIndex: null, autoWithdrawal: true });

    await append(`wallet-${bob}`, assigned(bob, 1, 2));
    await append(`wallet-${ada}`, autoWithdrawal(ada, true, 3), autoWithdrawal(ada, false, 4));
    await append(`wallet-${ada}`, envelope('PrivateKeyRevealed', { userId: ada, address: evmAddress(0), revealedTo: 'admin-1', revealedAt: at(5) }, at(5)));
    await run();
    expect(await wallets().get(bob)).toMatchObject({ address: evmAddress(1), derivationIndex: 1, autoWithdrawal: true, updatedAt: at(2) });
    expect(await wallets().get(ada)).toMatchObject({ address: evmAddress(0), autoWithdrawal: false, updatedAt: at(4) });
  });

  it('comes out identical when rebuilt from the first event', async () => {
    const before = await wallets().find();
    await harness.rebuild(1);
    expect(await wallets().find()).toEqual(before);
    expect(before).toHaveLength(2);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletReadModel } from '@concierge/contracts';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { at, envelope, evmAddress, streamWriter } from '../accounts/money-history.js';
import { catchUp, rebuild } from '../runtime/catch-up.js';
import { WALLETS_COLLECTION, walletsProjection } from './projection.js';

describe('wallets projection', () => {
  let schemas: TestSchemas;
  let eventStore: EventStore;
  let readStore: ReadStore;
  let append: ReturnType<typeof streamWriter>;
  const ada = randomUUID();
  const bob = randomUUID();

  beforeAll(async () => {
    schemas = await createTestSchemas('walletsproj');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
    append = streamWriter(eventStore);
  });
  afterAll(async () => schemas.drop());

  const wallets = () => readStore.collection<WalletReadModel>(WALLETS_COLLECTION);
  const run = () => catchUp(walletsProjection, { eventStore, readStore });
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
    await rebuild(walletsProjection, { eventStore, readStore, batchSize: 1 });
    expect(await wallets().find()).toEqual(before);
    expect(before).toHaveLength(2);
  });
});

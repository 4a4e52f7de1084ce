import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DepositReadModel } from '@concierge/contracts';
import { deposited, evmAddress, registered, renamed } from '../accounts/money-history.js';
import { useProjectionHarness } from '../testing/projection-harness.js';
import { DEPOSIT_MEMBERS_COLLECTION, DEPOSITS_COLLECTION, depositsProjection } from './projection.js';

describe('deposits projection', () => {
  const harness = useProjectionHarness(depositsProjection, 'depositsproj');
  const { append } = harness;
  const ada = randomUUID();
  const bob = randomUUID();

  const deposits = () => harness.readStore.collection<DepositReadModel>(DEPOSITS_COLLECTION);
  const snapshot = async () => ({
    deposits: await deposits().find({ sort: [{ field: 'createdAt', direction: 'asc' }] }),
    members: await harness.readStore.collection(DEPOSIT_MEMBERS_COLLECTION).find(),
  });
  const run = harness.catchUp;

  it('shows each credited deposit with its exact amount, fee, source and the member', async () => {
    await append(`user-${ada}`, registered(ada, 'Ada', 'Lovelace', 0));
    await append(`user-${bob}`, registered(bob, 'Bob', 'Noyce', 1));
    await append(`account-${ada}`, deposited(ada, 'd1', 100_000_000n, '2.5', 10));
    await append(`account-${bob}`, deposited(bob, 'd2', 50_000_000n, '0', 11, { blockNumber: 7, from: evmAddress(7), to: evmAddress(8) }));
    // 1 micro-USDC at 50% is half a micro-USDC of fee, which rounds up.
    await append(`account-${ada}`, deposited(ada, 'd3', 1n, '50', 12));
    await run(2);

    expect(await deposits().get('d1')).toEqual({
      id: 'd1',
      userId: ada,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada.lovelace@example.com',
      amountMicro: '100000000',
      feeMicro: '2500000',
      feePercentageAtDeposit: '2.5',
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      timestamp: '2026-03-01T00:09:00.000Z',
      source: 'admin',
      createdAt: '2026-03-01T00:10:00.000Z',
    });
    expect(await deposits().get('d2')).toMatchObject({ userId: bob, firstName: 'Bob', source: 'chain', feeMicro: '0', createdAt: '2026-03-01T00:11:00.000Z' });
    expect(await deposits().get('d3')).toMatchObject({ amountMicro: '1', feeMicro: '1' });
    expect(await deposits().sumBy('userId', 'amountMicro')).toEqual({ [ada]: 100_000_001n, [bob]: 50_000_000n });
  });

  it("renames exactly the renamed member's deposits, and later deposits carry the new name", async () => {
    await append(`user-${ada}`, renamed(ada, 'Augusta', 'King', 20));
    await append(`account-${ada}`, deposited(ada, 'd4', 5_000_000n, '1', 21));
    await run();
    const byUser = await deposits().find({ filter: { userId: ada } });
    expect(byUser.map((d) => [d.id, d.firstName, d.lastName])).toEqual([
      ['d1', 'Augusta', 'King'],
      ['d3', 'Augusta', 'King'],
      ['d4', 'Augusta', 'King'],
    ]);
    expect(await deposits().get('d2')).toMatchObject({ firstName: 'Bob', lastName: 'Noyce' });
  });

  it('changes nothing when run again, and comes out identical when rebuilt from the first event', async () => {
    const before = await snapshot();
    expect((await run()).events).toBe(0);
    expect(await snapshot()).toEqual(before);
    await harness.rebuild(1000);
    expect(await snapshot()).toEqual(before);
    expect(before.deposits).toHaveLength(4);
  });
});

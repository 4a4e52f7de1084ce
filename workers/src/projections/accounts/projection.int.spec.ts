import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AccountReadModel } from '@concierge/contracts';
import { useProjectionHarness } from '../testing/projection-harness.js';
import { at, deposited, evmAddress, requested, withdrawalMoved } from './money-history.js';
import { ACCOUNTS_COLLECTION, accountsProjection } from './projection.js';

describe('accounts projection', () => {
  const harness = useProjectionHarness(accountsProjection, 'accountsproj');
  const { append } = harness;
  const ada = randomUUID();
  const bob = randomUUID();

  const accounts = () => harness.readStore.collection<AccountReadModel>(ACCOUNTS_COLLECTION);
  const run = harness.catchUp;

  it('credits deposits net of the fee, exactly', async () => {
    // 100.1 + 200.2 as floats would be 300.29999999999995; fees 2.5% -> 2.5025 and 5.005.
    await append(`account-${ada}`, deposited(ada, 'd1', 100_100_000n, '2.5', 1), deposited(ada, 'd2', 200_200_000n, '2.5', 2));
    await append(`account-${bob}`, deposited(bob, 'd3', 1n, '50', 3, { blockNumber: 1, from: evmAddress(1), to: evmAddress(2) }));
    await run(1);
    expect(await accounts().get(ada)).toEqual({
      id: ada,
      userId: ada,
      balanceMicro: '292792500',
      reservedMicro: '0',
      depositedMicro: '300300000',
      feesMicro: '7507500',
      withdrawnMicro: '0',
      openWithdrawals: {},
      updatedAt: at(2),
    });
    expect(await accounts().get(bob)).toMatchObject({ balanceMicro: '0', depositedMicro: '1', feesMicro: '1' });
  });

  it('reserves pending and approved withdrawals, releases rejected and cancelled ones, and pays out completed ones', async () => {
    await append(`account-${ada}`, requested(ada, 'w1', 10_000_000n, 10), requested(ada, 'w2', 20_000_000n, 11), requested(ada, 'w3', 30_000_000n, 12));
    await append(`account-${ada}`, requested(ada, 'w4', 40_000_000n, 13));
    await run();
    expect(await accounts().get(ada)).toMatchObject({ balanceMicro: '292792500', reservedMicro: '100000000' });

    await append(`account-${ada}`, withdrawalMoved(ada, 'w1', 'approved', 14), withdrawalMoved(ada, 'w1', 'completed', 15));
    await append(`account-${ada}`, withdrawalMoved(ada, 'w2', 'rejected', 16), withdrawalMoved(ada, 'w3', 'cancelled', 17));
    await append(`account-${ada}`, withdrawalMoved(ada, 'w4', 'approved', 18));
    await run(2);
    expect(await accounts().get(ada)).toEqual({
      id: ada,
      userId: ada,
      balanceMicro: '282792500',
      reservedMicro: '40000000',
      depositedMicro: '300300000',
      feesMicro: '7507500',
      withdrawnMicro: '10000000',
      openWithdrawals: { w4: '40000000' },
      updatedAt: at(17),
    });
    expect(await accounts().sumBy(null, 'balanceMicro')).toEqual({ all: 282_792_500n });
  });

  it('comes out identical when rebuilt from the first event', async () => {
    const before = await accounts().find();
    expect((await run()).events).toBe(0);
    await harness.rebuild(3);
    expect(await accounts().find()).toEqual(before);
    expect(before).toHaveLength(2);
  });
});

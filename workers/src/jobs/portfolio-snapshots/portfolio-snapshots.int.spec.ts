import { randomUUID } from 'node:crypto';
import type { Contract } from 'ethers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventSchemas, SNAPSHOT_MEMBER, SNAPSHOT_ROUND, snapshotMemberJobOptions, USERS_COLLECTION, type PortfolioSnapshotRecorded, type SnapshotMemberJob, type UserReadModel } from '@concierge/contracts';
import { createLogger } from '@concierge/platform/logging/logger';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { portfolioStreamId } from '@concierge/domain/portfolio/snapshot/portfolio';
import { startLocalEvm, type LocalEvm } from '../../chain/testing/local-evm.js';
import { deployLocalMarket, type LocalMarket } from '../../chain/testing/local-market.js';
import { until } from '../settlement/testing/until.js';
import { SNAPSHOT_BATCH_SIZE, SNAPSHOT_CONCURRENCY_DEFAULT } from './batch-size.js';
import type { RoundResult } from './processor.js';
import { chainSnapshotSources } from './sources.js';
import { startPortfolioSnapshots, type PortfolioSnapshots } from './start.js';
import { addressOf, CountingProvider, person } from './testing/members.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function send(call: Promise<unknown>): Promise<void> {
  const sent = (await call) as { wait(): Promise<unknown> };
  await sent.wait();
}

describe('portfolio snapshot jobs on the local EVM', () => {
  let evm: LocalEvm;
  let market: LocalMarket;
  let provider: CountingProvider;
  let schemas: TestSchemas;
  let eventStore: EventStore;
  let readStore: ReadStore;
  const running: PortfolioSnapshots[] = [];

  beforeAll(async () => {
    evm = await startLocalEvm();
    market = await deployLocalMarket(evm);
    provider = new CountingProvider(evm.rpcUrl, evm.chainId);
    schemas = await createTestSchemas('snapshotjobs');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
  }, 60_000);
  afterEach(async () => {
    for (const snapshots of running.splice(0)) await snapshots.close();
  });
  afterAll(async () => {
    provider?.destroy();
    await schemas?.drop();
    await evm?.stop();
  });

  const token = (symbol: string): Contract => {
    const found = market.tokens.get(symbol);
    if (!found) throw new Error(`no local ${symbol}`);
    return found;
  };
  const feed = (symbol: string): Contract => {
    const found = market.feeds.get(symbol);
    if (!found) throw new Error(`no local ${symbol} feed`);
    return found;
  };

  async function start(store: EventStore = eventStore, schedule?: { prefix: string; intervalMs: number }): Promise<PortfolioSnapshots> {
    const snapshots = await startPortfolioSnapshots({
      eventStore: store,
      readStore,
      snapshotSources: chainSnapshotSources({ provider, registry: market.registry, multicallAddress: market.multicallAddress }),
      redisUrl: REDIS_URL,
      prefix: schedule?.prefix ?? `test-snapshots-${randomUUID().slice(0, 8)}`,
      intervalMs: schedule?.intervalMs ?? 3_600_000,
      concurrency: SNAPSHOT_CONCURRENCY_DEFAULT,
      lockDurationMs: 5_000,
      schedule: schedule !== undefined,
      logger: createLogger('test', 'silent'),
    });
    running.push(snapshots);
    return snapshots;
  }

  const snapshotsOf = async (userId: string): Promise<PortfolioSnapshotRecorded[]> =>
    (await eventStore.readStream(portfolioStreamId(userId))).map((event) => eventSchemas.PortfolioSnapshotRecorded.parse(event.data));
  const addMember = (snapshots: PortfolioSnapshots, data: SnapshotMemberJob) => snapshots.queue.add(SNAPSHOT_MEMBER, data, snapshotMemberJobOptions(data));
  const recordedFor = (userIds: readonly string[], slot: string, timeoutMs = 20_000) =>
    until(`a snapshot of ${userIds.length} members for ${slot}`, async () => {
      const all = await Promise.all(userIds.map(async (userId) => (await snapshotsOf(userId)).filter((s) => s.slot === slot)));
      return all.every((found) => found.length > 0) ? all.flat() : undefined;
    }, timeoutMs);

  it('values a batch of members at the block their round pinned: holdings and prices read there, in one call each', async () => {
    const snapshots = await start();
    const [alice, bob, carol] = [await person(readStore, { walletAddress: addressOf(1) }), await person(readStore, { walletAddress: addressOf(2) }), await person(readStore, { walletAddress: addressOf(3) })];
    const noWallet = await person(readStore);
    await send(token('USDC').getFunction('mint')(addressOf(1), 1_250_500_000n)); // 1,250.5 USDC
    await send(token('WETH').getFunction('mint')(addressOf(1), 2n * 10n ** 18n)); // 2 WETH at $3,000
    await send(token('WBTC').getFunction('mint')(addressOf(2), 12_345_678n)); // 0.12345678 WBTC at $60,000
    const pinned = await evm.provider.getBlock('latest');
    if (!pinned) throw new Error('no block');
    // After the pin: a transfer in and a price move that the round must not see.
    await send(token('WETH').getFunction('mint')(addressOf(1), 5n * 10n ** 18n));
    await send(feed('WETH').getFunction('updateAnswer')(4_000n * 10n ** 8n));

    const slot = '2026-11-24T12:00:00.000Z';
    const { requests } = await provider.count(async () => {
      for (const member of [alice, bob, carol, noWallet]) await addMember(snapshots, { userId: member.id, slot, reason: 'schedule', requestId: null, blockNumber: pinned.number });
      await recordedFor([alice.id, bob.id, carol.id, noWallet.id], slot);
    });
    // One block read for the pin, one Multicall3 call for the four members' balances, one for every price.
    expect(requests.filter((method) => method === 'eth_call')).toHaveLength(2);
    expect(requests.length).toBeLessThanOrEqual(3);

    const [aliceSnapshot] = await snapshotsOf(alice.id);
    const pinnedAt = new Date(pinned.timestamp * 1000).toISOString();
    expect(aliceSnapshot).toMatchObject({ source: 'chain', chainId: evm.chainId, blockNumber: pinned.number, asOf: pinnedAt, failures: [], totalValueMicro: '7250500000' });
    expect(aliceSnapshot?.holdings.map((h) => [h.symbol, h.balance, h.priceAnswer, h.priceDecimals, h.valueMicro, h.stale])).toEqual([
      ['USDC', '1250500000', '100000000', 8, '1250500000', false],
      ['WETH', '2000000000000000000', '300000000000', 8, '6000000000', false],
    ]);
    expect(aliceSnapshot?.holdings.every((h) => h.priceUpdatedAt !== null && h.priceUpdatedAt <= pinnedAt)).toBe(true);
    expect((await snapshotsOf(bob.id)).map((s) => s.totalValueMicro)).toEqual(['7407406800']);
    for (const empty of [carol, noWallet]) expect((await snapshotsOf(empty.id)).map((s) => [s.holdings, s.totalValueMicro])).toEqual([[[], '0']]);
  });

  it('fans a round out to every approved member and no one else, pinned to one block, at one call per 100 members', async () => {
    await readStore.reset('users', [USERS_COLLECTION]);
    const members: UserReadModel[] = [];
    for (let n = 0; n < 120; n += 1) members.push(await person(readStore, { walletAddress: addressOf(100 + n) }));
    const others = [
      await person(readStore, { status: 'pending', walletAddress: addressOf(90) }),
      await person(readStore, { status: 'suspended', walletAddress: addressOf(91) }),
      await person(readStore, { status: 'rejected' }),
      await person(readStore, { role: 'admin' }),
    ];
    await send(token('USDC').getFunction('mint')(addressOf(100), 5_000_000n));
    const snapshots = await start();
    const slot = '2026-11-24T13:00:00.000Z';

    const { result: recorded, requests } = await provider.count(async () => {
      await snapshots.queue.add(SNAPSHOT_ROUND, { slot });
      return recordedFor(members.map((m) => m.id), slot, 30_000);
    });
    const round = await until('the round to complete', async () => {
      const [job] = await snapshots.queue.getJobs(['completed']).then((jobs) => jobs.filter((j) => j.name === SNAPSHOT_ROUND));
      return job?.returnvalue as RoundResult | undefined;
    });
    expect(round).toMatchObject({ slot, members: 120 });
    expect(recorded).toHaveLength(120);
    expect(new Set(recorded.map((s) => s.blockNumber))).toEqual(new Set([round.blockNumber]));
    expect(recorded.find((s) => s.userId === members[0]?.id)?.totalValueMicro).toBe('5000000');
    for (const other of others) expect(await snapshotsOf(other.id)).toEqual([]);
    // 120 members: two balance calls of up to 100 (one more while the round job holds a slot: 99, 1,
    // 20), one price call, one read of the head to pin.
    const balanceCalls = Math.ceil(120 / SNAPSHOT_BATCH_SIZE) + 1;
    expect(requests.filter((method) => method === 'eth_call').length).toBeLessThanOrEqual(balanceCalls + 1);
    expect(requests.length).toBeLessThanOrEqual(balanceCalls + 2);

    // The same slot again: every member job is still kept under its id, so nothing is added or recorded.
    await snapshots.queue.add(SNAPSHOT_ROUND, { slot });
    await until('the second round', async () => ((await snapshots.queue.getJobs(['completed'])).filter((j) => j.name === SNAPSHOT_ROUND).length === 2 ? true : undefined));
    expect(await snapshots.queue.getJobCounts('waiting', 'active', 'delayed')).toEqual({ waiting: 0, active: 0, delayed: 0 });
    for (const member of members.slice(0, 5)) expect((await snapshotsOf(member.id)).filter((s) => s.slot === slot)).toHaveLength(1);
  });

  it('records a slot once when the job fails after recording and retries, and when the slot is queued again later', async () => {
    let failedOnce = false;
    // The append lands, then the connection "drops" before the job hears of it: the job fails and retries.
    const flaky: EventStore = {
      ...eventStore,
      appendToStream: async (streamId, events, options) => {
        const result = await eventStore.appendToStream(streamId, events, options);
        if (!failedOnce && streamId.startsWith('portfolio-')) {
          failedOnce = true;
          throw new Error('connection lost after the append (test)');
        }
        return result;
      },
    };
    const snapshots = await start(flaky);
    const member = await person(readStore, { walletAddress: addressOf(7) });
    const data: SnapshotMemberJob = { userId: member.id, slot: 'request:r-1', reason: 'admin', requestId: 'r-1', blockNumber: null };
    const job = await addMember(snapshots, data);

    const finished = await until('the retried job to complete', async () => ((await job.getState()) === 'completed' ? job.id : undefined), 20_000);
    const done = await snapshots.queue.getJob(finished ?? '');
    expect(done?.attemptsMade).toBe(2);
    expect(done?.returnvalue).toEqual({ outcome: 'already-recorded' });
    expect((await snapshotsOf(member.id)).map((s) => s.slot)).toEqual(['request:r-1']);

    // Long after, the kept job gone, the same member and slot queued again: recorded nothing.
    await done?.remove();
    const again = await addMember(snapshots, data);
    await until('the repeated job', async () => ((await again.getState()) === 'completed' ? true : undefined));
    expect((await snapshots.queue.getJob(again.id ?? ''))?.returnvalue).toEqual({ outcome: 'already-recorded' });
    expect(await snapshotsOf(member.id)).toHaveLength(1);
  });

  it('runs rounds on its schedule, at the start of each window, with one scheduler however often the workers start', async () => {
    await readStore.reset('users', [USERS_COLLECTION]);
    const members = [await person(readStore, { walletAddress: addressOf(300) }), await person(readStore)];
    const pending = await person(readStore, { status: 'pending' });
    const schedule = { prefix: `test-schedule-${randomUUID().slice(0, 8)}`, intervalMs: 2_000 };
    await (await start(eventStore, schedule)).close();
    running.splice(0);
    const snapshots = await start(eventStore, schedule);
    expect(await snapshots.queue.getJobSchedulersCount()).toBe(1);

    const round = await until('a scheduled round', async () => {
      const done = (await snapshots.queue.getJobs(['completed'])).find((job) => job.name === SNAPSHOT_ROUND);
      return done?.returnvalue as RoundResult | undefined;
    }, 10_000);
    expect(Date.parse(round.slot) % schedule.intervalMs).toBe(0);
    expect(round.members).toBe(2);
    const recorded = await recordedFor(members.map((m) => m.id), round.slot);
    expect(recorded.map((s) => [s.reason, s.requestId])).toEqual([
      ['schedule', null],
      ['schedule', null],
    ]);
    expect(await snapshotsOf(pending.id)).toEqual([]);
  });
});

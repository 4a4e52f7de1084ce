import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PORTFOLIO_ANSWER_VERSION,
  PORTFOLIO_ANSWERS_COLLECTION,
  PORTFOLIO_COLLECTION,
  portfolioAnswer,
  PORTFOLIO_SNAPSHOT_QUEUE,
  PortfolioPerformanceResponse,
  SNAPSHOT_MEMBER,
  SnapshotMemberJob,
  snapshotMemberJobId,
  type PortfolioAnswer,
  type PortfolioReadModel,
} from '@concierge/contracts';
import { startQueryApi, type QueryApiHarness } from '../testing/harness.js';
import { memberRequestId, portfolioRefresher } from './refresh.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const WAIT_MS = 400;

/** A member's document as the workers' portfolio projection writes it, valued at `asOf`. */
function portfolioDoc(userId: string, snapshotId: string, requestId: string | null = null): PortfolioReadModel {
  return {
    id: userId,
    latest: {
      snapshotId,
      requestId,
      asOf: '2026-03-10T12:00:00.000Z',
      source: 'chain',
      chainId: 43114,
      blockNumber: 4321,
      totalValueMicro: '1500250000',
      holdings: [
        { symbol: 'USDC', name: 'USD Coin', decimals: 6, balance: '1000000000', priceAnswer: '99990000', priceDecimals: 8, priceUpdatedAt: '2026-03-10T11:59:00.000Z', stale: false, valueMicro: '999900000', strategy: 'stablecoins' },
        { symbol: 'WETH', name: 'Wrapped Ether', decimals: 18, balance: '250000000000000000', priceAnswer: '200140000000', priceDecimals: 8, priceUpdatedAt: '2026-03-10T09:00:00.000Z', stale: true, valueMicro: '500350000', strategy: 'largeCaps' },
      ],
      anyStale: true,
    },
    performance: {
      dailyChange: '0.1250',
      weeklyChange: '-1.5000',
      monthlyChange: '3.3333',
      dailyChangeMicro: '1873000',
      weeklyChangeMicro: '-22850000',
      monthlyChangeMicro: '48400001',
      apy: '49.1234',
      earningsMicro: '250000',
      netContributionsMicro: '1500000000',
    },
    breakdown: {
      stablecoins: { displayName: 'Stablecoins', description: 'USD-pegged', color: '#22C55E', valueMicro: '999900000', percentage: '66.6489', hidden: false },
      largeCaps: { displayName: 'Large Caps', description: 'BTC and ETH', color: '#3B82F6', valueMicro: '500350000', percentage: '33.3511', hidden: false },
      others: { displayName: 'Others', description: '', color: '#F59E0B', valueMicro: '0', percentage: '0.0000', hidden: true },
    },
    riskProfile: { score: '0.2334', level: 'conservative' },
    diversification: { score: 75, label: 'Well diversified' },
    series: [
      { at: '2026-03-09T00:00:00.000Z', valueMicro: '1490000000' },
      { at: '2026-03-10T12:00:00.000Z', valueMicro: '1500250000' },
    ],
    first: { at: '2026-03-01T00:00:00.000Z', valueMicro: '1000000000' },
    contributions: [],
    netContributionsMicro: '1500000000',
    updatedAt: '2026-03-10T12:00:05.000Z',
  };
}

describe('GET /api/wallets/performance', () => {
  const prefix = `test-perf-${randomUUID().slice(0, 8)}`;
  let connection: Redis;
  let queue: Queue;
  let api: QueryApiHarness;
  const answers = () => api.readStore.collection<PortfolioAnswer>(PORTFOLIO_ANSWERS_COLLECTION);
  /** The document and its answer, as the portfolio projection writes them. */
  const put = async (doc: PortfolioReadModel) => {
    await api.readStore.collection<PortfolioReadModel>(PORTFOLIO_COLLECTION).upsert(doc);
    await answers().upsert(portfolioAnswer(doc));
  };
  const memberJobs = async () => (await queue.getJobs(['waiting', 'active', 'completed', 'delayed'])).filter((job) => job.name === SNAPSHOT_MEMBER);

  beforeAll(async () => {
    connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    queue = new Queue(PORTFOLIO_SNAPSHOT_QUEUE, { connection, prefix });
    api = await startQueryApi('portfolioperf', { snapshotQueue: queue, refreshWaitMs: WAIT_MS });
  });
  afterAll(async () => {
    await api?.close();
    await queue?.obliterate({ force: true });
    await queue?.close();
    connection?.disconnect();
  });

  it('answers zeros and nulls with no valuation time before the first snapshot ("no snapshot yet")', async () => {
    const response = await api.get('/wallets/performance', api.bearer({ sub: 'member-new', role: 'user' }));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      totalValue: 0,
      performance: { dailyChange: 0, weeklyChange: 0, monthlyChange: 0, dailyChangeValue: 0, weeklyChangeValue: 0, monthlyChangeValue: 0, apy: null },
      earnings: 0,
      netContributions: 0,
      breakdown: {},
      holdings: [],
      riskProfile: { score: null, level: null },
      diversification: { score: null, label: null },
      series: [],
      asOf: null,
      source: null,
      chainId: null,
      anyStale: false,
      strategyChanges: [],
      refreshing: false,
    } satisfies PortfolioPerformanceResponse);
  });

  it("shows the member's own latest figures, rounded only for display", async () => {
    const largeCapsEntered = { at: '2026-03-10T12:00:00.000Z', group: 'largeCaps', displayName: 'Large Caps', color: '#3B82F6', change: 'entered' as const };
    await put({ ...portfolioDoc('member-a', 'snap-1'), strategyChanges: [{ ...largeCapsEntered, valueMicro: '500350000' }] });
    await put(portfolioDoc('member-b', 'snap-b'));
    const response = await api.get('/wallets/performance', api.bearer({ sub: 'member-a', role: 'user' }));
    expect(response.status).toBe(200);
    expect(PortfolioPerformanceResponse.parse(response.body)).toEqual({
      totalValue: 1500.25,
      performance: { dailyChange: 0.125, weeklyChange: -1.5, monthlyChange: 3.3333, dailyChangeValue: 1.873, weeklyChangeValue: -22.85, monthlyChangeValue: 48.400001, apy: 49.1234 },
      earnings: 0.25,
      netContributions: 1500,
      breakdown: {
        stablecoins: { percentage: 66.6489, value: 999.9, description: 'USD-pegged', displayName: 'Stablecoins', color: '#22C55E', hidden: false },
        largeCaps: { percentage: 33.3511, value: 500.35, description: 'BTC and ETH', displayName: 'Large Caps', color: '#3B82F6', hidden: false },
        others: { percentage: 0, value: 0, description: '', displayName: 'Others', color: '#F59E0B', hidden: true },
      },
      holdings: [
        { name: 'USD Coin', symbol: 'USDC', balance: 1000, price: 0.9999, value: 999.9, strategy: 'stablecoins', stale: false },
        { name: 'Wrapped Ether', symbol: 'WETH', balance: 0.25, price: 2001.4, value: 500.35, strategy: 'largeCaps', stale: true },
      ],
      riskProfile: { score: 0.2334, level: 'conservative' },
      diversification: { score: 75, label: 'Well diversified' },
      series: [
        { at: '2026-03-09T00:00:00.000Z', value: 1490 },
        { at: '2026-03-10T12:00:00.000Z', value: 1500.25 },
      ],
      asOf: '2026-03-10T12:00:00.000Z',
      source: 'chain',
      chainId: 43114,
      anyStale: true,
      strategyChanges: [{ ...largeCapsEntered, value: 500.35 }],
      refreshing: false,
    });
  });

  it("sends the projection's answer as written, the same text and headers as one built from the document", async () => {
    const member = api.bearer({ sub: 'member-e', role: 'user' });
    await api.readStore.collection<PortfolioReadModel>(PORTFOLIO_COLLECTION).upsert(portfolioDoc('member-e', 'snap-e'));
    const built = await api.get('/wallets/performance', member);
    await answers().upsert(portfolioAnswer(portfolioDoc('member-e', 'snap-e')));
    const sent = await api.get('/wallets/performance', member);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual(built.body);
    expect(sent.headers.get('content-type')).toBe(built.headers.get('content-type'));
    // The ETag is a hash of the bytes sent: the same tag, the same text.
    expect(sent.headers.get('etag')).toMatch(/^W\/"/);
    expect(sent.headers.get('etag')).toBe(built.headers.get('etag'));
    // The answer is what is sent: one the projection wrote for another valuation shows through.
    const other = portfolioDoc('member-e', 'snap-e2');
    await answers().upsert(portfolioAnswer({ ...other, latest: other.latest && { ...other.latest, totalValueMicro: '1700000000' } }));
    expect((await api.get('/wallets/performance', member)).body).toMatchObject({ totalValue: 1700 });
  });

  it('builds the answer from the document when its stored one is of another version of the answer', async () => {
    const member = api.bearer({ sub: 'member-f', role: 'user' });
    await put(portfolioDoc('member-f', 'snap-f'));
    const stale = portfolioDoc('member-f', 'snap-f0');
    await answers().upsert({ ...portfolioAnswer({ ...stale, latest: stale.latest && { ...stale.latest, totalValueMicro: '1' } }), version: PORTFOLIO_ANSWER_VERSION - 1 });
    expect((await api.get('/wallets/performance', member)).body).toMatchObject({ totalValue: 1500.25, refreshing: false });
  });

  it('is for members only: anonymous 401, admins and auditors 403', async () => {
    expect((await api.get('/wallets/performance')).status).toBe(401);
    expect((await api.get('/wallets/performance', api.bearer({ sub: 'admin-1', role: 'admin' }))).status).toBe(403);
    expect((await api.get('/wallets/performance', api.bearer({ sub: 'auditor-1', role: 'auditor' }))).status).toBe(403);
  });

  it('queues a valuation of the caller on refresh and, when none lands in time, answers the last figures marked refreshing', async () => {
    const started = Date.now();
    const response = await api.get('/wallets/performance?refresh=true', api.bearer({ sub: 'member-a', role: 'user' }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ totalValue: 1500.25, asOf: '2026-03-10T12:00:00.000Z', refreshing: true });
    const jobs = await memberJobs();
    // The job carries the refresh request's id, which its snapshot event takes as correlation id.
    const requestHeader = response.headers.get('x-request-id');
    expect(requestHeader).toMatch(/^[\w.:-]{1,128}$/);
    expect(jobs.map((job) => SnapshotMemberJob.parse(job.data))).toEqual([
      {
        userId: 'member-a',
        slot: expect.stringMatching(/^request:member-\d+$/),
        reason: 'member',
        requestId: expect.stringMatching(/^member-\d+$/),
        blockNumber: null,
        correlationId: requestHeader,
      },
    ]);
  });

  it('answers the new figures once the valuation it queued lands', async () => {
    const workerConnection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    // What the snapshot job and the portfolio projection do, as far as the read side can tell.
    const worker = new Worker(
      PORTFOLIO_SNAPSHOT_QUEUE,
      async (job) => {
        const data = SnapshotMemberJob.parse(job.data);
        const doc = portfolioDoc(data.userId, `snap-${data.slot}`, data.requestId);
        await put({ ...doc, latest: doc.latest && { ...doc.latest, totalValueMicro: '1600000000' } });
      },
      { connection: workerConnection, prefix },
    );
    try {
      await worker.waitUntilReady();
      await put(portfolioDoc('member-c', 'snap-c1'));
      const response = await api.get('/wallets/performance?refresh=true', api.bearer({ sub: 'member-c', role: 'user' }));
      expect(response.body).toMatchObject({ totalValue: 1600, refreshing: false });
    } finally {
      await worker.close();
      workerConnection.disconnect();
    }
  });
});

describe('a refresh asks for one valuation a minute per member', () => {
  const prefix = `test-refresh-${randomUUID().slice(0, 8)}`;
  let connection: Redis;
  let queue: Queue;
  let api: QueryApiHarness;

  beforeAll(async () => {
    connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    queue = new Queue(PORTFOLIO_SNAPSHOT_QUEUE, { connection, prefix });
    api = await startQueryApi('portfoliorefresh');
  });
  afterAll(async () => {
    await api?.close();
    await queue?.obliterate({ force: true });
    await queue?.close();
    connection?.disconnect();
  });

  it('queues one job for refreshes in the same minute, and a new one the next minute', async () => {
    let now = new Date('2026-03-10T12:00:10.000Z');
    const refresh = portfolioRefresher({ readStore: api.readStore, queue, waitMs: 0, now: () => now });
    await refresh('member-a');
    now = new Date('2026-03-10T12:00:59.999Z');
    expect(await refresh('member-a')).toMatchObject({ refreshing: true });
    await refresh('member-b');
    now = new Date('2026-03-10T12:01:00.000Z');
    await refresh('member-a');

    const minute = memberRequestId(new Date('2026-03-10T12:00:00.000Z'));
    const next = memberRequestId(now);
    const ids = (await queue.getJobs(['waiting'])).map((job) => job.id).sort();
    expect(ids).toEqual(
      [
        snapshotMemberJobId('member-a', `request:${minute}`),
        snapshotMemberJobId('member-b', `request:${minute}`),
        snapshotMemberJobId('member-a', `request:${next}`),
      ].sort(),
    );
  });

  it('answers at once without queueing when the valuation of this minute has already landed', async () => {
    const now = new Date('2026-03-10T12:05:00.000Z');
    const requestId = memberRequestId(now);
    await api.readStore.collection<PortfolioReadModel>(PORTFOLIO_COLLECTION).upsert(portfolioDoc('member-d', 'snap-d', requestId));
    const refresh = portfolioRefresher({ readStore: api.readStore, queue, waitMs: 5000, now: () => now });
    const started = Date.now();
    expect(await refresh('member-d')).toMatchObject({ refreshing: false, doc: { latest: { requestId } } });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await queue.getJob(snapshotMemberJobId('member-d', `request:${requestId}`))).toBeUndefined();
  });
});

describe('a refresh while the queue cannot be reached', () => {
  let connection: Redis;
  let queue: Queue;
  let api: QueryApiHarness;

  beforeAll(async () => {
    // Nothing listens on port 1: a Redis that is down, as the service's connection meets it.
    connection = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    connection.on('error', () => undefined);
    queue = new Queue(PORTFOLIO_SNAPSHOT_QUEUE, { connection, prefix: `test-refresh-down-${randomUUID().slice(0, 8)}` });
    queue.on('error', () => undefined);
    api = await startQueryApi('portfoliodown', { snapshotQueue: queue, refreshWaitMs: 30_000 });
  });
  afterAll(async () => {
    await api?.close();
    await queue?.close().catch(() => undefined);
    connection?.disconnect();
  });

  it('answers 503 with Retry-After and a message the member can act on, and the figures as they are still answer', async () => {
    const member = api.bearer({ sub: 'member-e', role: 'user' });
    await api.readStore.collection<PortfolioReadModel>(PORTFOLIO_COLLECTION).upsert(portfolioDoc('member-e', 'snap-e'));
    const refused = await api.get('/wallets/performance?refresh=true', member);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.body['message']).toBe('Your portfolio cannot be refreshed right now. Please try again in a moment.');
    expect((await api.get('/wallets/performance', member)).body).toMatchObject({ totalValue: 1500.25, refreshing: false });
  });
});

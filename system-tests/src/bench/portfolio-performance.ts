import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import {
  PORTFOLIO_ANSWER_VERSION,
  PORTFOLIO_ANSWERS_COLLECTION,
  PORTFOLIO_COLLECTION,
  toMicroText,
  type AccessReadModel,
  type PortfolioAnswer,
  type PortfolioReadModel,
  type SnapshotHolding,
} from '@concierge/contracts';
import type { NewEvent } from '@concierge/platform/event-store/port';
import { listen } from '@concierge/platform/testing/http';
import { bearerFor, testKeys } from '@concierge/platform/testing/keys';
import { accountStreamId } from '@concierge/domain/money/account/account';
import { portfolioStreamId } from '@concierge/domain/portfolio/snapshot/portfolio';
import { valueMicro } from '@concierge/domain/portfolio/sources/value';
import { SEED_STRATEGY_GROUPS } from '@concierge/domain/strategies/strategy';
import { createQueryApp } from '@concierge/query-api/app';
import { ensureQueryIndexes } from '@concierge/query-api/indexes';
import { putAccess } from '@concierge/query-api/testing/harness';
import { at, deposited, envelope, requested, withdrawalMoved } from '@concierge/workers/projections/accounts/money-history';
import { portfolioProjection } from '@concierge/workers/projections/portfolio/projection';
import { rebuild } from '@concierge/workers/projections/runtime/catch-up';
import { processCpuMs, spawnBenchQueryApi } from './query-api-process.js';
import { BENCH_DATABASE_URL, benchStores } from './setup.js';
import { percentile, round, runPool } from './stats.js';

const HOUR = 60;
const DAYS = 90;
const FEED_DECIMALS = 8;
/** Valuation `hour` is at the top of hour `hour + 1` of the history, so flows before the first one still have a time. */
const minuteOf = (hour: number) => (hour + 1) * HOUR;

/** Tokens a member holds: symbol, decimals, starting price (8 decimals), and how far it wanders an hour. */
const TOKENS = [
  { symbol: 'USDC', name: 'USD Coin', decimals: 6, price: 100_000_000n, drift: 0 },
  { symbol: 'WETH', name: 'Wrapped Ether', decimals: 18, price: 3_000n * 10n ** 8n, drift: 0.006 },
  { symbol: 'WBTC', name: 'Wrapped BTC', decimals: 8, price: 60_000n * 10n ** 8n, drift: 0.005 },
  { symbol: 'LINK', name: 'Chainlink', decimals: 18, price: 15n * 10n ** 8n, drift: 0.01 },
] as const;

/** A seeded random walk of every token's price, one answer per hour (a market all members share). */
function marketPrices(hours: number): bigint[][] {
  let seed = 42;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  const prices = TOKENS.map((token) => [token.price]);
  for (let h = 1; h < hours; h += 1) {
    TOKENS.forEach((token, i) => {
      const last = prices[i]?.[h - 1] ?? token.price;
      prices[i]?.push((last * BigInt(Math.round((1 + random() * token.drift) * 1_000_000))) / 1_000_000n);
    });
  }
  return prices;
}

/** Balances of member `n` (base units per token), changed by their flows over time. */
function balancesOf(n: number, usdcMicro: bigint): bigint[] {
  return [usdcMicro, 10n ** 17n * BigInt(1 + (n % 7)), n % 2 === 0 ? 10n ** 6n * BigInt(1 + (n % 5)) : 0n, n % 3 === 0 ? 10n ** 19n : 0n];
}

/** A valuation at `hour` as the snapshot job records it (zero balances left out). */
function valued(userId: string, hour: number, balances: readonly bigint[], prices: bigint[][]): NewEvent {
  const holdings: SnapshotHolding[] = [];
  let total = 0n;
  TOKENS.forEach((token, i) => {
    const balance = balances[i] ?? 0n;
    const price = prices[i]?.[hour] ?? token.price;
    if (balance === 0n) return;
    const value = valueMicro(balance, token.decimals, price, FEED_DECIMALS);
    total += value;
    const priceUpdatedAt = at(minuteOf(hour));
    holdings.push({ symbol: token.symbol, name: token.name, decimals: token.decimals, balance: balance.toString(), priceAnswer: price.toString(), priceDecimals: FEED_DECIMALS, priceUpdatedAt, stale: false, valueMicro: toMicroText(value) });
  });
  const data = {
    userId,
    snapshotId: randomUUID().replaceAll('-', ''),
    slot: at(minuteOf(hour)),
    reason: 'schedule',
    requestId: null,
    source: 'chain',
    chainId: 31337,
    blockNumber: 1_000 + hour,
    asOf: at(minuteOf(hour)),
    holdings,
    failures: [],
    totalValueMicro: toMicroText(total),
    recordedAt: at(minuteOf(hour) + 1),
  };
  return envelope('PortfolioSnapshotRecorded', data, at(minuteOf(hour) + 1));
}

/**
 * Appends one member's 90 days of hourly valuations with their flows in between (a deposit at the
 * start, one every 30 days, a withdrawal on day 45), each stream in time order.
 */
async function memberHistory(stores: Awaited<ReturnType<typeof benchStores>>, n: number, prices: bigint[][]): Promise<number> {
  const userId = randomUUID();
  const withdrawalId = randomUUID();
  const hours = DAYS * 24;
  const flows = new Map<number, { events: NewEvent[]; usdcDelta: bigint }>([
    [0, { events: [deposited(userId, randomUUID(), 1_000_000_000n + BigInt(n) * 1_000_000n, '1.5', 5)], usdcDelta: 985_000_000n + (BigInt(n) * 985_000n) }],
    [30 * 24, { events: [deposited(userId, randomUUID(), 500_000_000n, '1.5', minuteOf(30 * 24) - 5)], usdcDelta: 492_500_000n }],
    [45 * 24, { events: [requested(userId, withdrawalId, 200_000_000n, minuteOf(45 * 24) - 30), withdrawalMoved(userId, withdrawalId, 'completed', minuteOf(45 * 24) - 5)], usdcDelta: -200_000_000n }],
    [60 * 24, { events: [deposited(userId, randomUUID(), 250_000_000n, '1.5', minuteOf(60 * 24) - 5)], usdcDelta: 246_250_000n }],
  ]);
  let usdc = 0n;
  let portfolioRevision: bigint | null = null;
  let accountRevision: bigint | null = null;
  let chunk: NewEvent[] = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    const result = await stores.eventStore.appendToStream(portfolioStreamId(userId), chunk, { expectedRevision: portfolioRevision ?? 'no_stream' });
    portfolioRevision = result.nextRevision;
    chunk = [];
  };
  let events = 0;
  for (let hour = 0; hour < hours; hour += 1) {
    const flow = flows.get(hour);
    if (flow) {
      await flush();
      const result = await stores.eventStore.appendToStream(accountStreamId(userId), flow.events, { expectedRevision: accountRevision ?? 'no_stream' });
      accountRevision = result.nextRevision;
      usdc += flow.usdcDelta;
      events += flow.events.length;
    }
    chunk.push(valued(userId, hour, balancesOf(n, usdc), prices));
    events += 1;
    if (chunk.length >= 500) await flush();
  }
  await flush();
  return events;
}

/**
 * GET /wallets/performance over HTTP against the query API, with `members` portfolio documents of
 * 90 days of hourly valuations each. The documents are the portfolio projection's own: it runs
 * over generated events (valuations at a shared random-walk market, deposits, a withdrawal) for
 * `sampleMembers` members, and their documents and answers (the text the API sends, which the
 * projection writes with each document) are written again under the other members' ids. Beside it,
 * the same reads of the answer straight from the read store: the floor under the API, which reads
 * the answer and not the document since it stopped rebuilding the answer on every request.
 * The API runs both in the bench's process (as the other HTTP benches do) and as its own process
 * (as deployed); at each concurrency the paths run one after the other, each after a warm-up.
 */
export async function benchPortfolioPerformance(options: { members?: number; sampleMembers?: number; requests?: number; concurrencies?: readonly number[] } = {}) {
  const { members = 10_000, sampleMembers = 20, requests = 4_000, concurrencies = [20, 4] } = options;
  const stores = await benchStores('portfolioperf');
  const keys = testKeys();
  const api = await listen(createQueryApp({ readStore: stores.readStore, publicKey: keys.publicKey, logger: pino({ level: 'silent' }) }));
  let own: ChildProcess | undefined;
  try {
    await ensureQueryIndexes(stores.readStore);
    for (const group of SEED_STRATEGY_GROUPS) {
      await stores.eventStore.appendToStream(`strategy-${group.strategyId}`, [envelope('StrategyGroupCreated', { ...group, createdAt: at(-60) }, at(-60))], { expectedRevision: 'no_stream' });
    }
    const prices = marketPrices(DAYS * 24);
    let events = 0;
    await runPool(sampleMembers, 4, async (n) => {
      const appended = await memberHistory(stores, n, prices);
      events += appended;
    });
    const projectStarted = performance.now();
    await rebuild(portfolioProjection, { eventStore: stores.eventStore, readStore: stores.readStore, batchSize: 2000 });
    const projectSeconds = (performance.now() - projectStarted) / 1000;

    const portfolios = stores.readStore.collection<PortfolioReadModel>(PORTFOLIO_COLLECTION);
    const answers = stores.readStore.collection<PortfolioAnswer>(PORTFOLIO_ANSWERS_COLLECTION);
    const samples = await portfolios.find({});
    if (samples.length !== sampleMembers || samples.some((doc) => doc.performance?.apy == null)) throw new Error('the projection did not give every sample member a full document');
    const sampleAnswers = new Map((await answers.find({})).map((answer) => [answer.id, answer]));
    if (samples.some((doc) => sampleAnswers.get(doc.id)?.version !== PORTFOLIO_ANSWER_VERSION)) throw new Error('the projection did not write every sample member an answer');
    const ids = Array.from({ length: members }, (_, n) => (n < samples.length ? (samples[n]?.id ?? '') : randomUUID()));
    for (let start = samples.length; start < members; start += 500) {
      const copied = ids.slice(start, Math.min(members, start + 500)).map((id, k) => ({ id, sample: samples[(start + k) % samples.length] as PortfolioReadModel }));
      await portfolios.upsertMany(copied.map(({ id, sample }): PortfolioReadModel => ({ ...sample, id })));
      await answers.upsertMany(copied.map(({ id, sample }): PortfolioAnswer => ({ ...(sampleAnswers.get(sample.id) as PortfolioAnswer), id })));
    }
    const standings = ids.map((id): AccessReadModel => ({ id, role: 'user', status: 'approved', sessionsValidAfter: null, endedSessions: [] }));
    for (let start = 0; start < members; start += 1_000) await putAccess(stores.readStore, standings.slice(start, start + 1_000));
    for (const collection of [PORTFOLIO_COLLECTION, PORTFOLIO_ANSWERS_COLLECTION]) await stores.pool.query(`VACUUM ANALYZE ${stores.readStoreSchema}.c_${collection}`);
    const documentBytes = Buffer.byteLength(JSON.stringify(samples[0]));
    const answerBytes = Buffer.byteLength(sampleAnswers.get(samples[0]?.id ?? '')?.json ?? '');
    const seriesPoints = samples[0]?.series.length ?? 0;

    const bearers = new Map(ids.map((id) => [id, bearerFor(keys, { sub: id, role: 'user' })]));
    const memberOf = (i: number) => ids[(i * 7_919) % members] ?? '';
    const http = (url: string) => async (i: number) => {
      const id = memberOf(i);
      const response = await fetch(`${url}/api/wallets/performance`, { headers: { authorization: bearers.get(id) ?? '' } });
      const body = (await response.json()) as { series?: unknown[] };
      if (response.status !== 200 || (body.series?.length ?? 0) !== seriesPoints) throw new Error(`GET /wallets/performance answered ${response.status} for ${id}`);
    };
    // What the API reads per request: the answer the projection wrote (the document only without one).
    const raw = async (i: number) => {
      if (!(await answers.get(memberOf(i)))) throw new Error('no answer');
    };
    const measure = async (task: (i: number) => Promise<void>, concurrency: number, cpuMs: () => number | null) => {
      const latencies: number[] = [];
      const [started, cpuBefore] = [performance.now(), cpuMs()];
      await runPool(requests, concurrency, async (i) => {
        const t0 = performance.now();
        await task(i);
        latencies.push(performance.now() - t0);
      });
      const cpuAfter = cpuMs();
      const cpuPerRequest = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / requests;
      return { perSecond: requests / ((performance.now() - started) / 1000), latencies, cpuPerRequest };
    };
    const ownApi = await spawnBenchQueryApi(stores, BENCH_DATABASE_URL, keys.publicKey);
    own = ownApi.child;
    // The API's own process is the one whose CPU per request can be told apart from the client's.
    const noCpu = () => null;
    const paths = [
      { path: 'GET over HTTP, query API in the bench process', task: http(api.url), cpuMs: noCpu },
      { path: 'GET over HTTP, query API in its own process (query-api/src/main.ts)', task: http(ownApi.url), cpuMs: () => processCpuMs(ownApi.child) },
      { path: "baseline: the member's answer read straight from the read store", task: raw, cpuMs: noCpu },
    ];
    const rows: Record<string, unknown>[] = [
      { members, projected: `${sampleMembers} members (${events} events, ${round(events / projectSeconds)} events/s), documents and answers copied to the rest`, documentBytes, answerBytes, seriesPoints },
    ];
    for (const concurrency of concurrencies) {
      // Warm-up of every path: JIT, pool connections, PostgreSQL caches.
      for (const { task } of paths) await runPool(300, concurrency, task);
      const measured = [];
      for (const { path, task, cpuMs } of paths) measured.push({ path, ...(await measure(task, concurrency, cpuMs)) });
      const baseline = measured[measured.length - 1]?.latencies ?? [];
      for (const { path, perSecond, latencies, cpuPerRequest } of measured) {
        rows.push({
          path,
          concurrency,
          requests,
          perSecond: round(perSecond),
          p50Ms: round(percentile(latencies, 50), 2),
          p95Ms: round(percentile(latencies, 95), 2),
          p99Ms: round(percentile(latencies, 99), 2),
          ratioP50: round(percentile(latencies, 50) / percentile(baseline, 50), 2),
          ratioP99: round(percentile(latencies, 99) / percentile(baseline, 99), 2),
          ...(cpuPerRequest === null ? {} : { apiCpuMsPerRequest: round(cpuPerRequest, 3) }),
        });
      }
    }
    return rows;
  } finally {
    if (own && own.exitCode === null) {
      const exited = new Promise((resolve) => own?.once('exit', resolve));
      own.kill('SIGTERM');
      await exited;
    }
    await api.close();
    await stores.drop();
  }
}

import { randomUUID } from 'node:crypto';
import { AbiCoder, keccak256, toBeHex } from 'ethers';
import { PORTFOLIO_SNAPSHOT_QUEUE, SNAPSHOT_ROUND, type RegistryToken } from '@concierge/contracts';
import type { EventStore, NewEvent } from '@concierge/platform/event-store/port';
import { createLogger } from '@concierge/platform/logging/logger';
import { createPgSnapshotStore } from '@concierge/platform/snapshot-store/postgres/pg-snapshot-store';
import { startLocalEvm } from '@concierge/workers/chain/testing/local-evm';
import { deployLocalMarket } from '@concierge/workers/chain/testing/local-market';
import { SNAPSHOT_CONCURRENCY_DEFAULT } from '@concierge/workers/jobs/portfolio-snapshots/batch-size';
import { chainSnapshotSources, type SnapshotSources } from '@concierge/workers/jobs/portfolio-snapshots/sources';
import { startPortfolioSnapshots } from '@concierge/workers/jobs/portfolio-snapshots/start';
import { portfolioEventStore } from '@concierge/workers/jobs/portfolio-snapshots/states';
import { addressOf, CountingProvider } from '@concierge/workers/jobs/portfolio-snapshots/testing/members';
import { rebuild } from '@concierge/workers/projections/runtime/catch-up';
import { usersProjection } from '@concierge/workers/projections/users/projection';
import { userLife } from '@concierge/workers/testing/user-history';
import { benchStores } from './setup.js';
import { round, runPool } from './stats.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
/** TestToken's storage (workers/chain-src/TestToken.sol): name, symbol, totalSupply, then `balanceOf`; the immutables take no slot. */
const BALANCE_OF_SLOT = 3n;
/** The workers' SNAPSHOT_CONCURRENCY default (workers/src/config.ts) unless BENCH_SNAPSHOT_CONCURRENCY says otherwise. */
const SNAPSHOT_CONCURRENCY = Number(process.env['BENCH_SNAPSHOT_CONCURRENCY'] ?? SNAPSHOT_CONCURRENCY_DEFAULT);

/** Wall time covered by at least one of the intervals (overlapping calls counted once). */
class Busy {
  private readonly spans: [number, number][] = [];
  async time<T>(work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.spans.push([started, performance.now()]);
    }
  }
  get count(): number {
    return this.spans.length;
  }
  seconds(): number {
    const sorted = [...this.spans].sort((a, b) => a[0] - b[0]);
    let covered = 0;
    let [from, to] = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
    for (const [start, end] of sorted) {
      if (start > to) {
        if (to > from) covered += to - from;
        [from, to] = [start, end];
      } else to = Math.max(to, end);
    }
    if (to > from) covered += to - from;
    return covered / 1000;
  }
}

function envelope(type: string, data: Record<string, unknown>, at: string): NewEvent {
  const id = randomUUID();
  return { id, type, data, metadata: { actor: { type: 'system', reason: 'bench' }, correlationId: id, causationId: id, occurredAt: at, schemaVersion: 1 } };
}

/** What member `n` holds (base units per registry symbol): USDC for all, a large cap for most, a small cap for some. */
function holdingsOf(n: number): [string, bigint][] {
  const held: [string, bigint][] = [['USDC', BigInt(100 + (n % 9_900)) * 1_000_000n]];
  if (n % 4 !== 0) held.push([['WETH', 'WBTC', 'WAVAX'][n % 3] ?? 'WETH', 10n ** 15n * BigInt(1 + (n % 500))]);
  if (n % 3 === 0) held.push([['LINK', 'UNI', 'AAVE'][Math.floor(n / 3) % 3] ?? 'LINK', 10n ** 17n * BigInt(1 + (n % 200))]);
  return held;
}

/** Sets balances straight in the tokens' storage, 1,000 `hardhat_setStorageAt` a JSON-RPC batch (minting 20,000 times one transaction each would take minutes). */
async function fundMembers(rpcUrl: string, tokens: readonly RegistryToken[], members: number): Promise<void> {
  const addresses = new Map(tokens.map((token) => [token.symbol, token.address]));
  const coder = AbiCoder.defaultAbiCoder();
  const calls: { method: string; params: unknown[] }[] = [];
  for (let n = 0; n < members; n += 1) {
    for (const [symbol, balance] of holdingsOf(n)) {
      const slot = keccak256(coder.encode(['address', 'uint256'], [addressOf(n), BALANCE_OF_SLOT]));
      calls.push({ method: 'hardhat_setStorageAt', params: [addresses.get(symbol), slot, toBeHex(balance, 32)] });
    }
  }
  for (let start = 0; start < calls.length; start += 1_000) {
    const body = calls.slice(start, start + 1_000).map((call, i) => ({ jsonrpc: '2.0', id: start + i, ...call }));
    const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answers = (await response.json()) as { error?: unknown }[];
    const failed = answers.find((answer) => answer.error !== undefined);
    if (failed) throw new Error(`hardhat_setStorageAt failed: ${JSON.stringify(failed.error)}`);
  }
  await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'evm_mine', params: [] }) });
}

/**
 * A scheduled snapshot round of `members` approved members on the local EVM, through the workers'
 * own code: the portfolio-snapshots queue and worker on real Redis, member jobs valued in batches
 * with chain sources (Multicall3 at one pinned block), PortfolioSnapshotRecorded appended to
 * PostgreSQL through the snapshot jobs' own states, as workers/src/main.ts wires them. Members are
 * registered, approved and given a deposit address in the event store, and the users read model is
 * projected from those events. Timed from adding the round job to the last snapshot appended.
 */
export async function benchPortfolioRound(members = 10_000) {
  const stores = await benchStores('portfolioround');
  const evm = await startLocalEvm();
  const provider = new CountingProvider(evm.rpcUrl, evm.chainId);
  const logger = createLogger('bench', 'warn');
  try {
    const market = await deployLocalMarket(evm);
    const seedStarted = performance.now();
    // Seeds 6k+3 are approved and nothing else in userLife's scheme (workers/src/testing/user-history.ts).
    const ids: string[] = [];
    await runPool(members, 20, async (n) => {
      const userId = randomUUID();
      ids[n] = userId;
      const life = userLife(6 * n + 3, userId);
      await stores.eventStore.appendToStream(`user-${userId}`, life, { expectedRevision: 'no_stream' });
      const at = new Date().toISOString();
      const address = { userId, address: addressOf(n), derivationIndex: n, derivationPath: `m/44'/60'/0'/0/${n}`, assignedAt: at };
      await stores.eventStore.appendToStream(`wallet-${userId}`, [envelope('DepositAddressAssigned', address, at)], { expectedRevision: 'no_stream' });
    });
    await rebuild(usersProjection, { eventStore: stores.eventStore, readStore: stores.readStore, batchSize: 2000 });
    await fundMembers(evm.rpcUrl, market.registry.tokens, members);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    // The split: wall time with a chain read in flight, and with an event store call in flight.
    const chain = new Busy();
    const eventStoreBusy = new Busy();
    const batchSizes: number[] = [];
    let recorded = 0;
    let lastRecordedAt = 0;
    const base = stores.eventStore;
    const timedStore: EventStore = {
      ...base,
      readStream: (...args) => eventStoreBusy.time(() => base.readStream(...args)),
      appendToStream: async (streamId, events, options) => {
        const result = await eventStoreBusy.time(() => base.appendToStream(streamId, events, options));
        if (streamId.startsWith('portfolio-')) {
          recorded += events.filter((event) => event.type === 'PortfolioSnapshotRecorded').length;
          lastRecordedAt = performance.now();
        }
        return result;
      },
    };
    const inner = chainSnapshotSources({ provider, registry: market.registry, multicallAddress: market.multicallAddress });
    const snapshotSources: SnapshotSources = {
      ...inner,
      pinNow: () => chain.time(() => inner.pinNow()),
      pinAt: (blockNumber) => chain.time(() => inner.pinAt(blockNumber)),
      sources: {
        ...inner.sources,
        holdings: {
          ...inner.sources.holdings,
          balances: (batch, pin) => {
            batchSizes.push(batch.length);
            return chain.time(() => inner.sources.holdings.balances(batch, pin));
          },
        },
        prices: { ...inner.sources.prices, prices: (pin) => chain.time(() => inner.sources.prices.prices(pin)) },
      },
    };
    const portfolio = portfolioEventStore(timedStore, createPgSnapshotStore({ pool: stores.pool, schema: stores.eventStoreSchema }), logger);
    const prefix = `bench-portfolio-${randomUUID().slice(0, 8)}`;
    const snapshots = await startPortfolioSnapshots({
      eventStore: portfolio.eventStore,
      aggregateStates: portfolio.aggregateStates,
      readStore: stores.readStore,
      snapshotSources,
      redisUrl: REDIS_URL,
      prefix,
      intervalMs: 3_600_000,
      concurrency: SNAPSHOT_CONCURRENCY,
      lockDurationMs: 30_000,
      schedule: false,
      logger,
    });
    try {
      const rpcBefore = provider.sent.length;
      const started = performance.now();
      await snapshots.queue.add(SNAPSHOT_ROUND, { slot: new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString() });
      const deadline = started + 600_000;
      while (recorded < members) {
        if (performance.now() > deadline) throw new Error(`only ${recorded} of ${members} snapshots recorded in 10 minutes`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const seconds = (lastRecordedAt - started) / 1000;
      const rpc = provider.sent.slice(rpcBefore);
      const counts = await snapshots.queue.getJobCounts('completed', 'failed');
      // One member read back: the valuation holds what was put at their address.
      const [sample] = await stores.eventStore.readStream(`portfolio-${ids[3] ?? ''}`);
      const sampleHoldings = (sample?.data['holdings'] as { symbol: string }[] | undefined)?.map((h) => h.symbol).sort();
      if (JSON.stringify(sampleHoldings) !== JSON.stringify(holdingsOf(3).map(([symbol]) => symbol).sort())) {
        throw new Error(`member 3 valued as ${JSON.stringify(sampleHoldings)}, expected ${JSON.stringify(holdingsOf(3))}`);
      }
      const chainSeconds = chain.seconds();
      const appendSeconds = eventStoreBusy.seconds();
      return {
        members,
        concurrency: SNAPSHOT_CONCURRENCY,
        queue: PORTFOLIO_SNAPSHOT_QUEUE,
        seedSeconds: round(seedSeconds, 1),
        seconds: round(seconds, 2),
        membersPerSecond: round(members / seconds),
        rpcCalls: rpc.length,
        rpcMethods: Object.fromEntries([...new Set(rpc)].map((method) => [method, rpc.filter((m) => m === method).length])),
        membersPerRpcCall: round(members / rpc.length, 1),
        rpcCallsPerMember: round(rpc.length / members, 4),
        batches: batchSizes.length,
        batchesUnder50: batchSizes.filter((size) => size < 50).sort((a, b) => a - b).join(' ') || 'none',
        chainReadSeconds: round(chainSeconds, 2),
        eventStoreSeconds: round(appendSeconds, 2),
        otherSeconds: round(Math.max(0, seconds - chainSeconds - appendSeconds), 2),
        jobsCompleted: counts['completed'],
        jobsFailed: counts['failed'],
      };
    } finally {
      await snapshots.queue.obliterate({ force: true });
      await snapshots.close();
    }
  } finally {
    provider.destroy();
    await evm.stop();
    await stores.drop();
  }
}

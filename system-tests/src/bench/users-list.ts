import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { PLANS_COLLECTION, USER_STATUSES, USERS_COLLECTION, type UserReadModel } from '@concierge/contracts';
import type { FindQuery, ReadStore } from '@concierge/platform/read-store/port';
import { listen } from '@concierge/platform/testing/http';
import { bearerFor, testKeys } from '@concierge/platform/testing/keys';
import { createQueryApp } from '@concierge/query-api/app';
import { putAccess } from '@concierge/query-api/testing/harness';
import { ensureQueryIndexes } from '@concierge/query-api/indexes';
import { processCpuMs, spawnBenchQueryApi } from './query-api-process.js';
import { BENCH_DATABASE_URL, benchStores } from './setup.js';
import { percentile, round, runPool } from './stats.js';

const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Ken', 'Frances', 'John', 'Radia', 'Tim'];
const LAST_NAMES = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Hamilton', 'Thompson', 'Allen', 'McCarthy', 'Perlman', 'Berners-Lee'];

/** A plausible member: mixed statuses (mostly approved), one registration a minute. */
export function benchUser(i: number): UserReadModel {
  const firstName = FIRST_NAMES[i % FIRST_NAMES.length] ?? 'Member';
  const lastName = `${LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length] ?? 'Person'}${i}`;
  const createdAt = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
  return {
    id: randomUUID(),
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`,
    email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
    role: i % 500 === 0 ? 'admin' : 'user',
    status: i % 10 < 7 ? 'approved' : (USER_STATUSES[i % 4] ?? 'pending'),
    walletAddress: null,
    subscriptionPlan: null,
    primaryWithdrawalAddress: null,
    rejectionReason: null,
    emailVerified: true,
    createdAt,
    updatedAt: createdAt,
  };
}

/** Writes `count` users into the users read model in batches of 1,000 (one round trip each). */
export async function fillUsers(readStore: ReadStore, count: number): Promise<void> {
  const users = readStore.collection<UserReadModel>(USERS_COLLECTION);
  for (let start = 0; start < count; start += 1000) {
    await users.upsertMany(Array.from({ length: Math.min(1000, count - start) }, (_, k) => benchUser(start + k)));
  }
}

/** The admin list variants the user management screen sends: plain, by status, searched, both. */
const VARIANTS = [
  { label: 'page 1, limit 10', query: 'page=1&limit=10', page: 1 },
  { label: 'status=pending', query: 'page=1&limit=10&status=pending', page: 1, status: 'pending' },
  { label: 'search=hopper', query: 'page=1&limit=10&search=hopper', page: 1, search: 'hopper' },
  { label: 'status=approved, search=ada', query: 'page=1&limit=10&status=approved&search=ada', page: 1, status: 'approved', search: 'ada' },
  { label: 'page 50, limit 10', query: 'page=50&limit=10', page: 50 },
  // Two letters hold no trigram, so no index can narrow them: every user is read.
  { label: 'search=ho (2 letters)', query: 'page=1&limit=10&search=ho', page: 1, search: 'ho' },
] as const;

type Variant = (typeof VARIANTS)[number];

/** The fields the list searches (USER_SEARCH_FIELDS of query-api/src/identity/users/queries.ts). */
const SEARCH_FIELDS = ['fullName', 'email'];

/** The read-store query GET /api/users makes for a variant (query-api/src/identity/users/queries.ts). */
function storeQuery(variant: Variant): FindQuery {
  return {
    ...('status' in variant ? { filter: { status: variant.status } } : {}),
    ...('search' in variant ? { search: { fields: SEARCH_FIELDS, text: variant.search } } : {}),
    sort: [{ field: 'createdAt', direction: 'desc' }],
    skip: (variant.page - 1) * 10,
    limit: 10,
  };
}

export interface UsersListBenchOptions {
  readonly users?: number;
  readonly requests?: number;
  readonly concurrency?: number;
  /** Create the query API's read-model indexes first, as its main does (default true). */
  readonly indexes?: boolean;
}

/**
 * GET /api/users over HTTP against the query API, with `users` users in a fresh PostgreSQL read
 * schema: per variant, `requests` requests at `concurrency` in flight on each path, one path after
 * the other: the API in the bench's process (as the other HTTP benches), the API in its own
 * process as deployed (its CPU per request read from /proc, which hardly moves with the machine's
 * load), and side by side the read-store calls alone as the handler makes them now (the page and
 * its count in one statement beside the plan names) and as it made them before (page and count
 * apart, then the plan names: three round trips). Client, API and PostgreSQL share the machine's
 * cores, so the figures are floors.
 */
export async function benchUsersList(options: UsersListBenchOptions = {}) {
  const { users = 10_000, requests = 1000, concurrency = 8, indexes = true } = options;
  const stores = await benchStores('userslist');
  const keys = testKeys();
  const admin = bearerFor(keys, { sub: 'bench-admin', role: 'admin' });
  // The admin's standing, as the access projection holds it: every request is checked against it.
  await putAccess(stores.readStore, [{ id: 'bench-admin', role: 'admin', status: 'approved', sessionsValidAfter: null, endedSessions: [] }]);
  const api = await listen(createQueryApp({ readStore: stores.readStore, publicKey: keys.publicKey, logger: pino({ level: 'silent' }) }));
  let own: ChildProcess | undefined;
  try {
    if (indexes) await ensureQueryIndexes(stores.readStore);
    await fillUsers(stores.readStore, users);
    // The steady state autovacuum leaves a table in (visibility map set, statistics fresh), rather
    // than the moment right after a bulk load.
    await stores.pool.query(`VACUUM ANALYZE ${stores.readStoreSchema}.c_${USERS_COLLECTION}`);
    const ownApi = await spawnBenchQueryApi(stores, BENCH_DATABASE_URL, keys.publicKey);
    own = ownApi.child;
    const http = (url: string, variant: Variant) => async () => {
      const response = await fetch(`${url}/api/users?${variant.query}`, { headers: { authorization: admin } });
      const body = (await response.json()) as { total?: number };
      if (response.status !== 200) throw new Error(`GET /api/users?${variant.query} answered ${response.status}`);
      return body.total ?? 0;
    };
    const collection = stores.readStore.collection<UserReadModel>(USERS_COLLECTION);
    const plans = stores.readStore.collection(PLANS_COLLECTION);
    const storeNow = (variant: Variant) => async () => {
      const [page] = await Promise.all([collection.findPage(storeQuery(variant)), plans.find()]);
      return page.total;
    };
    const storeBefore = (variant: Variant) => async () => {
      const query = storeQuery(variant);
      const [, total] = await Promise.all([collection.find(query), collection.count(query)]);
      await plans.find();
      return total;
    };
    const paths = [
      { path: 'http, API in the bench process', task: (v: Variant) => http(api.url, v), cpuMs: () => null },
      { path: 'http, API in its own process', task: (v: Variant) => http(ownApi.url, v), cpuMs: () => processCpuMs(ownApi.child) },
      { path: 'store: findPage + plans (now)', task: storeNow, cpuMs: () => null },
      { path: 'store: find, count, then plans (before)', task: storeBefore, cpuMs: () => null },
    ];
    // Warm-up over every variant and path: JIT, pool connections, PostgreSQL caches.
    for (const { task } of paths) await runPool(300, concurrency, async (i) => void (await task(VARIANTS[i % VARIANTS.length] ?? VARIANTS[0])()));
    const results = [];
    for (const variant of VARIANTS) {
      const row: Record<string, unknown> = { variant: variant.label, users, concurrency, indexes };
      for (const { path, task, cpuMs } of paths) {
        const run = task(variant);
        const latencies: number[] = [];
        let total = 0;
        const [started, cpuBefore] = [performance.now(), cpuMs()];
        await runPool(requests, concurrency, async () => {
          const t0 = performance.now();
          total = await run();
          latencies.push(performance.now() - t0);
        });
        const [seconds, cpuAfter] = [(performance.now() - started) / 1000, cpuMs()];
        row['matching'] = total;
        row[path] = {
          perSecond: round(requests / seconds),
          p50Ms: round(percentile(latencies, 50), 1),
          p99Ms: round(percentile(latencies, 99), 1),
          ...(cpuBefore !== null && cpuAfter !== null ? { apiCpuMsPerRequest: round((cpuAfter - cpuBefore) / requests, 2) } : {}),
        };
      }
      results.push(row);
    }
    return results;
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

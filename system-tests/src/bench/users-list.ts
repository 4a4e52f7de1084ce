import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { USER_STATUSES, USERS_COLLECTION, type UserReadModel } from '@concierge/contracts';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { listen } from '@concierge/platform/testing/http';
import { bearerFor, testKeys } from '@concierge/platform/testing/keys';
import { createQueryApp } from '@concierge/query-api/app';
import { putAccess } from '@concierge/query-api/testing/harness';
import { ensureQueryIndexes } from '@concierge/query-api/indexes';
import { benchStores } from './setup.js';
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
  { label: 'page 1, limit 10', query: 'page=1&limit=10' },
  { label: 'status=pending', query: 'page=1&limit=10&status=pending' },
  { label: 'search=hopper', query: 'page=1&limit=10&search=hopper' },
  { label: 'status=approved, search=ada', query: 'page=1&limit=10&status=approved&search=ada' },
  { label: 'page 50, limit 10', query: 'page=50&limit=10' },
  // Two letters hold no trigram, so no index can narrow them: every user is read.
  { label: 'search=ho (2 letters)', query: 'page=1&limit=10&search=ho' },
] as const;

export interface UsersListBenchOptions {
  readonly users?: number;
  readonly requests?: number;
  readonly concurrency?: number;
  /** Create the query API's read-model indexes first, as its main does (default true). */
  readonly indexes?: boolean;
}

/**
 * GET /api/users over HTTP against the query API, with `users` users in a fresh PostgreSQL read
 * schema: one row per variant with p50/p99 at `concurrency` requests in flight, `requests` each.
 * Client, API and PostgreSQL share the machine's cores, so the figures are floors.
 */
export async function benchUsersList(options: UsersListBenchOptions = {}) {
  const { users = 10_000, requests = 1000, concurrency = 8, indexes = true } = options;
  const stores = await benchStores('userslist');
  const keys = testKeys();
  const admin = bearerFor(keys, { sub: 'bench-admin', role: 'admin' });
  // The admin's standing, as the access projection holds it: every request is checked against it.
  await putAccess(stores.readStore, [{ id: 'bench-admin', role: 'admin', status: 'approved', sessionsValidAfter: null, endedSessions: [] }]);
  const api = await listen(createQueryApp({ readStore: stores.readStore, publicKey: keys.publicKey, logger: pino({ level: 'silent' }) }));
  try {
    if (indexes) await ensureQueryIndexes(stores.readStore);
    await fillUsers(stores.readStore, users);
    // The steady state autovacuum leaves a table in (visibility map set, statistics fresh), rather
    // than the moment right after a bulk load.
    await stores.pool.query(`VACUUM ANALYZE ${stores.readStoreSchema}.c_${USERS_COLLECTION}`);
    const get = async (query: string) => {
      const t0 = performance.now();
      const response = await fetch(`${api.url}/api/users?${query}`, { headers: { authorization: admin } });
      const body = (await response.json()) as { total?: number };
      if (response.status !== 200) throw new Error(`GET /api/users?${query} answered ${response.status}`);
      return { ms: performance.now() - t0, total: body.total ?? 0 };
    };
    // Warm-up over every variant: JIT, pool connections, PostgreSQL caches.
    await runPool(300, concurrency, async (i) => void (await get(VARIANTS[i % VARIANTS.length]?.query ?? '')));
    const results = [];
    for (const variant of VARIANTS) {
      const latencies: number[] = [];
      let total = 0;
      const started = performance.now();
      await runPool(requests, concurrency, async () => {
        const sample = await get(variant.query);
        latencies.push(sample.ms);
        total = sample.total;
      });
      const seconds = (performance.now() - started) / 1000;
      results.push({
        variant: variant.label,
        users,
        concurrency,
        indexes,
        matching: total,
        requestsPerSecond: round(requests / seconds),
        p50Ms: round(percentile(latencies, 50), 1),
        p99Ms: round(percentile(latencies, 99), 1),
      });
    }
    return results;
  } finally {
    await api.close();
    await stores.drop();
  }
}

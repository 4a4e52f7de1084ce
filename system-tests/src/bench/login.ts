import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { listen } from '@concierge/platform/testing/http';
import { testKeys } from '@concierge/platform/testing/keys';
import { approveUser } from '@concierge/domain/identity/admin/approve-user';
import { registerUser } from '@concierge/domain/identity/registration/register-user';
import { createCommandApp } from '@concierge/command-api/app';
import { argon2idHasher, DEFAULT_ARGON2_COST } from '@concierge/command-api/identity/password-hasher';
import { benchStores } from './setup.js';
import { percentile, round } from './stats.js';

const PASSWORD = 'Benchmark1';

/**
 * POST /api/auth/login over HTTP with production argon2id cost: `concurrency` members sign in at
 * once, `rounds` times. Each login verifies one argon2id hash, so on a 2-core machine the last of
 * 20 simultaneous logins waits for about 20 x (one verification) / 2 cores. One unmeasured
 * warm-up round first opens the connection pool and warms the JIT.
 */
export async function benchLogin(concurrency = 20, rounds = 10) {
  const stores = await benchStores('login');
  const hasher = argon2idHasher();
  const api = await listen(createCommandApp({ eventStore: stores.eventStore, hasher, credentials: stores.credentials, keys: testKeys(), logger: pino({ level: 'silent' }) }));
  try {
    const ctx = () => ({ actor: { type: 'system' as const, reason: 'bench' }, correlationId: randomUUID(), causationId: randomUUID(), now: new Date() });
    const emails: string[] = [];
    for (let i = 0; i < concurrency; i += 1) {
      const email = `login-${i}-${randomUUID().slice(0, 6)}@bench.example`;
      const { userId } = await registerUser({ eventStore: stores.eventStore, hasher, credentials: stores.credentials }, { firstName: 'Bench', lastName: `Member${i}`, email, password: PASSWORD }, ctx());
      await approveUser({ eventStore: stores.eventStore }, { userId }, ctx());
      emails.push(email);
    }
    const latencies: number[] = [];
    for (let round_ = -1; round_ < rounds; round_ += 1) {
      await Promise.all(
        emails.map(async (email) => {
          const t0 = performance.now();
          const response = await fetch(`${api.url}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: PASSWORD }),
          });
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`login answered ${response.status}`);
          if (round_ >= 0) latencies.push(performance.now() - t0);
        }),
      );
    }
    return {
      argon2id: `m=${DEFAULT_ARGON2_COST.memoryKiB} KiB t=${DEFAULT_ARGON2_COST.timeCost} p=1`,
      concurrency,
      logins: latencies.length,
      p50Ms: round(percentile(latencies, 50), 1),
      p99Ms: round(percentile(latencies, 99), 1),
    };
  } finally {
    await api.close();
    await stores.drop();
  }
}

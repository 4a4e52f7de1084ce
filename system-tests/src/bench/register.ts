import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { createCommandApp } from '@concierge/command-api/app';
import { argon2idHasher, DEFAULT_ARGON2_COST } from '@concierge/command-api/identity/password-hasher';
import type { MailOutbox } from '@concierge/domain/identity/mail-outbox';
import type { PasswordHasher } from '@concierge/domain/identity/password-hasher';
import { listen } from '@concierge/platform/testing/http';
import { testKeys } from '@concierge/platform/testing/keys';
import { benchStores } from './setup.js';
import { percentile, round, runPool } from './stats.js';

/** A password hasher that costs nothing, for benches of everything else a command does. */
export const stubPasswordHasher: PasswordHasher = { hash: async () => '$argon2id$v=19$m=1,t=1,p=1$bm9uZQ$bm9uZQ', verify: async () => true };

/** A mail outbox that drops the welcome mail (without one, register answers 501): the benches measure the command and its appends, not Redis. */
export const droppedMail: MailOutbox = { send: async () => undefined };

async function measure(label: string, hasher: PasswordHasher, total: number, concurrency: number) {
  const stores = await benchStores('register');
  const api = await listen(createCommandApp({ eventStore: stores.eventStore, hasher, credentials: stores.credentials, mail: droppedMail, keys: testKeys(), logger: pino({ level: 'silent' }) }));
  const latencies: number[] = [];
  try {
    const started = performance.now();
    await runPool(total, concurrency, async () => {
      const t0 = performance.now();
      const response = await fetch(`${api.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', email: `${randomUUID()}@bench.example`, password: 'Benchmark1' }),
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`register answered ${response.status}`);
      latencies.push(performance.now() - t0);
    });
    const seconds = (performance.now() - started) / 1000;
    return { label, commandsPerSecond: round(total / seconds), p50Ms: round(percentile(latencies, 50), 1), p99Ms: round(percentile(latencies, 99), 1) };
  } finally {
    await api.close();
    await stores.drop();
  }
}

/** POST /api/auth/register over HTTP: with no hashing cost, then with production argon2id. */
export async function benchRegister() {
  return [
    await measure('register, hashing cost excluded (stub hasher)', stubPasswordHasher, 2000, 16),
    await measure(`register, argon2id m=${DEFAULT_ARGON2_COST.memoryKiB} KiB t=${DEFAULT_ARGON2_COST.timeCost}`, argon2idHasher(), 300, 8),
  ];
}

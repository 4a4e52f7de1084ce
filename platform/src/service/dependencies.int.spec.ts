import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/env.js';
import { DependencyUnavailableError } from '../config/preflight.js';
import { TEST_DATABASE_URL } from '../testing/postgres.js';
import { dependenciesOf, postgresDependency, redisDependency } from './dependencies.js';

/** A loopback port nobody listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const withDatabase = (url: string, database: string, user?: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  if (user) parsed.username = user;
  return parsed.href;
};

describe('dependency probes', () => {
  it('find PostgreSQL and Redis answering, a database not created yet included', async () => {
    await expect(postgresDependency(TEST_DATABASE_URL).probe()).resolves.toBeUndefined();
    await expect(postgresDependency(withDatabase(TEST_DATABASE_URL, 'concierge_not_created_yet')).probe()).resolves.toBeUndefined();
    await expect(redisDependency('redis://127.0.0.1:6379').probe()).resolves.toBeUndefined();
  });

  it('call a server that does not answer away for now, naming it and its address', async () => {
    const port = await closedPort();
    const postgres = postgresDependency(`postgres://postgres@127.0.0.1:${port}/concierge`).probe();
    await expect(postgres).rejects.toBeInstanceOf(DependencyUnavailableError);
    await expect(postgres).rejects.toThrow(`PostgreSQL is not reachable at 127.0.0.1:${port}`);
    const redis = redisDependency(`redis://127.0.0.1:${port}`).probe();
    await expect(redis).rejects.toBeInstanceOf(DependencyUnavailableError);
    await expect(redis).rejects.toThrow(`Redis is not reachable at 127.0.0.1:${port}`);
  });

  it('call a server that answers but refuses us a bad setting, with the server’s reason', async () => {
    const refused = postgresDependency(withDatabase(TEST_DATABASE_URL, 'postgres', 'no_such_role_i23')).probe();
    await expect(refused).rejects.toBeInstanceOf(ConfigError);
    await expect(refused).rejects.toThrow(/^DATABASE_URL: .*no_such_role_i23/);
    const wrongPassword = redisDependency('redis://no_such_user_i23:not-the-password@127.0.0.1:6379').probe();
    await expect(wrongPassword).rejects.toBeInstanceOf(ConfigError);
    await expect(wrongPassword).rejects.toThrow(/^REDIS_URL: /);
  });

  it('list PostgreSQL only when a store runs on it, and Redis always', () => {
    const base = { DATABASE_URL: TEST_DATABASE_URL, REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(dependenciesOf({ ...base, EVENT_STORE: 'postgres', READ_STORE: 'postgres' }).map((d) => d.name)).toEqual(['PostgreSQL', 'Redis']);
    expect(dependenciesOf({ ...base, EVENT_STORE: 'eventstoredb', READ_STORE: 'mongodb' }).map((d) => d.name)).toEqual(['Redis']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesById } from '@concierge/contracts';
import { call, Recorder } from './client.js';
import { formatReport, runLoad, type LoadResult } from './run.js';
import { LOAD_PASSWORD } from './seed.js';
import { prepareTarget, type LoadTarget } from './target.js';

// The load harness itself, small: a few users for a few seconds against its own product (every
// service as `npm start` runs them, real PostgreSQL and Redis). `npm run load` is the real run.

let target: LoadTarget;
let result: LoadResult;

beforeAll(async () => {
  target = await prepareTarget({ members: 4, admins: 1 });
  result = await runLoad({ base: target.base, users: 5, durationSeconds: 3, thinkMs: 150, rampUpSeconds: 0.3, adminEvery: 5, accounts: target.accounts });
}, 90_000);

afterAll(async () => {
  await target?.close();
});

describe('npm run load, a few users for a few seconds', () => {
  it('runs member and admin journeys through the gateway without an error', () => {
    expect(result.errors, `${formatReport(result)}\n${target.output.join('')}`).toEqual([]);
    const routes = result.routes.map((r) => r.route);
    // Every member signs in and reads the dashboard; the admin reads the user list and stats.
    for (const route of ['auth.login', 'auth.me', 'wallets.info', 'portfolio.performance', 'withdrawals.history', 'withdrawalAddresses.list', 'users.list', 'users.stats']) {
      expect(routes, route).toContain(route);
    }
    for (const figures of result.routes) {
      expect(routesById.has(figures.route), figures.route).toBe(true);
      expect(figures.count).toBeGreaterThan(0);
      expect(figures.p50Ms).toBeLessThanOrEqual(figures.p95Ms);
      expect(figures.p95Ms).toBeLessThanOrEqual(figures.p99Ms);
      expect(figures.p99Ms).toBeLessThanOrEqual(figures.maxMs);
    }
    expect(result.requests).toBe(result.routes.reduce((n, r) => n + r.count, 0));
  });

  it('reports per route and lists an error with its status, route and message', async () => {
    const member = target.accounts.members[0];
    if (!member) throw new Error('no member was seeded');
    const recorder = new Recorder();
    const login = await call<{ token: string }>(target.base, recorder, 'auth.login', { body: { email: member.email, password: LOAD_PASSWORD } });
    // A member asking for the admin's user list is refused: the harness counts it as an error.
    const answer = await call(target.base, recorder, 'users.list', { authorization: `Bearer ${login?.token ?? ''}`, query: 'page=1&limit=10' });
    expect(answer).toBeUndefined();
    expect(recorder.errors).toEqual([expect.objectContaining({ route: 'users.list', status: 403, message: expect.any(String) as string })]);
    const report = formatReport({ users: 1, seconds: 1, requests: 2, routes: [], errors: recorder.errors, retried: [] });
    expect(report).toContain('1 errors');
    expect(report).toMatch(/403\s+users\.list/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTFOLIO_COLLECTION, routes, type RouteDef } from '@concierge/contracts';
import { signAccessToken } from '@concierge/platform/auth/access-token';
import { testKeys } from '@concierge/platform/testing/keys';
import { putUsers, startQueryApi, userDoc, type QueryApiHarness } from '../../testing/harness.js';
import { WITHDRAWALS_COLLECTION } from './stats.js';

const member = userDoc(0, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
const admin = userDoc(1, { firstName: 'Root', lastName: 'Admin', email: 'root@example.com', role: 'admin' });
const waiting = [
  userDoc(2, { firstName: 'Grace', lastName: 'Hopper', status: 'pending' }),
  userDoc(3, { firstName: 'Barbara', lastName: 'Liskov', status: 'pending' }),
];
const others = [
  userDoc(4, { firstName: 'Alan', lastName: 'Turing' }),
  userDoc(5, { firstName: 'Edsger', lastName: 'Dijkstra', status: 'rejected' }),
  userDoc(6, { firstName: 'Margaret', lastName: 'Hamilton', status: 'suspended' }),
];

describe('users read-model queries', () => {
  let api: QueryApiHarness;
  let asAdmin: string;
  let asMember: string;

  beforeAll(async () => {
    api = await startQueryApi('userqueries');
    asAdmin = api.bearer({ sub: admin.id, role: 'admin' });
    asMember = api.bearer({ sub: member.id, role: 'user' });
    await putUsers(api.readStore, [member, admin, ...waiting, ...others]);
  });
  afterAll(async () => api?.close());

  describe('GET /api/auth/me', () => {
    it("answers the signed-in member's own account", async () => {
      const me = await api.get('/auth/me', asMember);
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ _id: member.id, id: member.id, email: 'ada@example.com', firstName: 'Ada', role: 'user', status: 'approved' });
      expect(me.body).not.toHaveProperty('fullName');
    });

    it('answers an admin or auditor with their own account too', async () => {
      expect((await api.get('/auth/me', asAdmin)).body).toMatchObject({ id: admin.id, role: 'admin' });
      const auditor = userDoc(7, { firstName: 'Ida', lastName: 'Auditor', role: 'auditor' });
      await putUsers(api.readStore, [auditor]);
      expect((await api.get('/auth/me', api.bearer({ sub: auditor.id, role: 'auditor' }))).body).toMatchObject({ id: auditor.id });
      await api.readStore.collection('users').delete(auditor.id);
    });

    it('answers 404 when the account is not in the read model', async () => {
      const ghost = await api.get('/auth/me', api.bearer({ sub: 'no-such-user', role: 'user' }));
      expect(ghost).toMatchObject({ status: 404, body: { message: 'Your account could not be found.' } });
    });
  });

  describe('GET /api/users/:id', () => {
    it('shows one user to an admin', async () => {
      const one = await api.get(`/users/${waiting[0]?.id}`, asAdmin);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ _id: waiting[0]?.id, firstName: 'Grace', lastName: 'Hopper', status: 'pending' });
    });

    it('answers an unknown id with 404 "No user found with this ID."', async () => {
      const missing = await api.get('/users/4f0c1a9e-0000-4000-8000-000000000000', asAdmin);
      expect(missing).toMatchObject({ status: 404, body: { message: 'No user found with this ID.' } });
    });
  });

  describe('GET /api/users/pending', () => {
    it('lists pending registrations latest first (the dashboard shows the latest 5) with the exact number waiting', async () => {
      const pending = await api.get('/users/pending?limit=1', asAdmin);
      expect(pending.status).toBe(200);
      expect(pending.body['total']).toBe(2);
      expect((pending.body['users'] as Array<{ id: string }>).map((u) => u.id)).toEqual([waiting[1]?.id]);
      const both = await api.get('/users/pending', asAdmin);
      expect((both.body['users'] as Array<{ id: string }>).map((u) => u.id)).toEqual([waiting[1]?.id, waiting[0]?.id]);
    });
  });

  describe('GET /api/users/stats', () => {
    it('counts users by status; withdrawals read zero while none exist', async () => {
      const stats = await api.get('/users/stats', asAdmin);
      expect(stats.status).toBe(200);
      expect(stats.body).toEqual({
        data: {
          users: { total: 7, pendingApproval: 2, approved: 3 },
          withdrawals: { pending: 0, completed: 0, amounts: { completed: 0 } },
          summary: { activeUsers: 3, assetsUnderManagement: 0 },
        },
      });
    });

    it('counts pending and completed withdrawals and sums completed amounts exactly once they are projected', async () => {
      const withdrawals = api.readStore.collection(WITHDRAWALS_COLLECTION);
      await withdrawals.upsertMany([
        { id: 'w1', status: 'pending', amountMicro: 5_000_000 },
        { id: 'w2', status: 'completed', amountMicro: 100_100_000 },
        { id: 'w3', status: 'completed', amountMicro: 200_200_000 },
        { id: 'w4', status: 'rejected', amountMicro: 7_000_000 },
      ]);
      const stats = await api.get('/users/stats', asAdmin);
      // 100.1 + 200.2 in floating point would be 300.29999999999995.
      expect(stats.body['data']).toMatchObject({ withdrawals: { pending: 1, completed: 2, amounts: { completed: 300.3 } } });
      await withdrawals.deleteMany(['w1', 'w2', 'w3', 'w4']);
    });

    it("sums every member's latest portfolio valuation exactly into assets under management", async () => {
      const portfolios = api.readStore.collection(PORTFOLIO_COLLECTION);
      await portfolios.upsertMany([
        { id: 'p1', latest: { totalValueMicro: '100100000' } },
        { id: 'p2', latest: { totalValueMicro: '200200000' } },
        // a member whose deposits are known but who has not been valued yet counts as nothing
        { id: 'p3', latest: null },
      ]);
      const stats = await api.get('/users/stats', asAdmin);
      expect(stats.body['data']).toMatchObject({ summary: { activeUsers: 3, assetsUnderManagement: 300.3 } });
      await portfolios.deleteMany(['p1', 'p2', 'p3']);
    });
  });

  describe('who may read', () => {
    const queryRoutes = routes.filter((route) => route.side === 'query' && route.id.startsWith('users.'));
    const concrete = (route: RouteDef) => route.path.replace(':id', member.id);

    it('refuses every users query without a token, or with a forged, malformed or expired one (401)', async () => {
      const forged = `Bearer ${signAccessToken({ sub: admin.id, role: 'admin', status: 'approved', sid: 's' }, testKeys().privateKey, 900)}`;
      const expired = `Bearer ${signAccessToken({ sub: admin.id, role: 'admin', status: 'approved', sid: 's' }, api.keys.privateKey, -60)}`;
      for (const route of [...queryRoutes, routes.find((r) => r.id === 'auth.me')]) {
        if (!route) continue;
        const path = concrete(route);
        expect((await api.get(path)).status, `${route.id} anonymous`).toBe(401);
        expect((await api.get(path, forged)).status, `${route.id} forged`).toBe(401);
        expect((await api.get(path, 'Bearer not-a-token')).status, `${route.id} malformed`).toBe(401);
        expect((await api.get(path, 'Basic YWRtaW46YWRtaW4=')).status, `${route.id} basic`).toBe(401);
        const late = await api.get(path, expired);
        expect(late, `${route.id} expired`).toMatchObject({ status: 401, body: { message: 'Your session has expired. Please sign in again.' } });
      }
    });

    it('refuses admin-only user queries to members, and to auditors but the lookups opened to them, and a pending account everything (403)', async () => {
      const auditor = api.bearer({ sub: 'auditor-1', role: 'auditor' });
      const pendingAdmin = api.bearer({ sub: 'pending-admin-1', role: 'admin', status: 'pending' });
      expect(queryRoutes.length).toBeGreaterThanOrEqual(4);
      for (const route of queryRoutes) {
        const path = concrete(route);
        expect((await api.get(path, asMember)).status, `${route.id} member`).toBe(403);
        // Auditors may look members up (GET /users, /users/:id; their reads are recorded: query-api/src/audit).
        const auditorsLetIn = Array.isArray(route.access) && route.access.includes('auditor');
        if (auditorsLetIn) expect((await api.get(path, auditor)).status, `${route.id} auditor`).not.toBe(403);
        else expect((await api.get(path, auditor)).status, `${route.id} auditor`).toBe(403);
        expect((await api.get(path, pendingAdmin)).status, `${route.id} pending admin`).toBe(403);
        expect((await api.get(path, asAdmin)).status, `${route.id} admin`).toBe(200);
      }
      const pendingMember = await api.get('/auth/me', api.bearer({ sub: waiting[0]?.id ?? '', role: 'user', status: 'pending' }));
      expect(pendingMember.status).toBe(403);
      expect(pendingMember.body['accountStatus']).toBe('pending');
    });
  });
});

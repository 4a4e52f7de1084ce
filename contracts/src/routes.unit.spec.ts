import { describe, expect, it } from 'vitest';
import { matchRoute, routes, routesById } from './routes.js';
import { READ_MODELS } from './shared/route.js';

/** The product's API list, verbatim, with `{id}` written `:id` and the reset token as `:token`. */
const SPEC_ROUTES = [
  'POST /auth/register',
  'POST /auth/login',
  'GET /auth/me',
  'POST /auth/refresh-token',
  'POST /auth/forgot-password',
  'GET /auth/reset-password/:token',
  'POST /auth/reset-password',
  'GET /wallets/info',
  'GET /wallets/performance',
  'GET /wallets/transactions',
  'GET /wallets/balances',
  'PUT /wallets/auto-withdrawal',
  'GET /wallets/user/:id',
  'GET /wallets/user/:id/private-key',
  'POST /wallets/user/:id/snapshot',
  'GET /withdrawals/addresses',
  'POST /withdrawals/addresses',
  'PUT /withdrawals/addresses/:id',
  'DELETE /withdrawals/addresses/:id',
  'POST /withdrawals/addresses/:id/set-primary',
  'POST /withdrawals/request',
  'GET /withdrawals/history',
  'GET /withdrawals/admin/requests',
  'GET /withdrawals/admin/requests/:id',
  'POST /withdrawals/admin/requests/:id/process',
  'POST /deposits',
  'GET /deposits/user/:id',
  'GET /deposits',
  'GET /strategies/public',
  'GET /strategies',
  'POST /strategies',
  'PUT /strategies/:id',
  'DELETE /strategies/:id',
  'GET /subscriptions',
  'POST /subscriptions',
  'PUT /subscriptions/:id',
  'DELETE /subscriptions/:id',
  'GET /users',
  'GET /users/pending',
  'GET /users/:id',
  'PUT /users/:id',
  'POST /users/:id/approve',
  'POST /users/:id/reject',
  'PUT /users/profile',
  'PUT /users/password',
  'GET /users/stats',
];

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

describe('the route table', () => {
  it('holds every call with its exact method and path', () => {
    const table = new Set(routes.map(key));
    expect(SPEC_ROUTES.filter((route) => !table.has(route))).toEqual([]);
  });

  it('adds only logout, logout everywhere, email confirmation, member withdrawal cancel, the key-reveal step-up, the auditor routes and the API description beyond the product\'s first API', () => {
    const extra = routes.map(key).filter((route) => !SPEC_ROUTES.includes(route));
    expect(extra.sort()).toEqual([
      'GET /audit/events',
      'GET /audit/export',
      'GET /audit/members/:userId/at',
      'GET /audit/replay-verifications/:id',
      'GET /audit/replay-verifications/latest',
      'GET /audit/streams',
      'GET /audit/streams/:streamId',
      'GET /audit/verification',
      'GET /docs',
      'GET /docs/reference.css',
      'GET /openapi.json',
      'POST /audit/replay-verifications',
      'POST /audit/verification/tail',
      'POST /auth/logout',
      'POST /auth/logout-everywhere',
      'POST /auth/verify-email',
      'POST /wallets/user/:id/private-key/grant',
      'POST /withdrawals/:id/cancel',
    ]);
  });

  it('has no two routes with the same method and path, and unique ids', () => {
    expect(new Set(routes.map(key)).size).toBe(routes.length);
    expect(routesById.size).toBe(routes.length);
    for (const route of routes) expect(route.id).toMatch(/^[a-zA-Z]+\.[a-zA-Z]+$/);
  });

  it('gives every POST and PUT command a body schema, and no GET a body', () => {
    for (const route of routes) {
      if (route.side === 'command' && (route.method === 'POST' || route.method === 'PUT')) expect(route.body, route.id).toBeDefined();
      if (route.method === 'GET') expect(route.body, route.id).toBeUndefined();
    }
  });

  it('sends every state change to the command side and names what each query reads', () => {
    // Starting a replay-verification changes no domain state (it writes only its own report), so auditors may;
    // the tail check writes nothing at all (a POST because it does work on each call, and is no record read).
    const readOnlyPosts = ['audit.startReplayVerification', 'audit.verifyTail'];
    // These read the event store or the verifications' reports, which no projection moves.
    const unprojected = ['audit.memberAt', 'audit.startReplayVerification', 'audit.latestReplayVerification', 'audit.replayVerification', 'audit.export', 'audit.verification', 'audit.verifyTail'];
    // The API's own description reads nothing but the route table.
    unprojected.push('openapi.document', 'openapi.reference', 'openapi.stylesheet');
    for (const route of routes) {
      if (route.method !== 'GET' && !readOnlyPosts.includes(route.id)) expect(route.side, route.id).toBe('command');
      if (route.side === 'command') expect(route.reads, route.id).toBeUndefined();
      for (const model of route.reads ?? []) expect(READ_MODELS).toContain(model);
      if (route.side === 'query' && !route.path.startsWith('/audit/streams/') && route.path !== '/audit/events' && !unprojected.includes(route.id)) {
        expect(route.reads?.length, route.id).toBeGreaterThan(0);
      }
    }
  });

  it('issues tokens and reveals keys on the command side', () => {
    for (const id of ['auth.login', 'auth.refreshToken', 'auth.forgotPassword', 'auth.resetPassword', 'wallets.privateKey', 'wallets.privateKeyGrant']) {
      expect(routesById.get(id)?.side).toBe('command');
    }
  });

  it('declares a params schema exactly when the path has parameters', () => {
    for (const route of routes) expect(route.params !== undefined, route.id).toBe(route.path.includes('/:'));
  });

  it('keeps admin routes to admins and member money routes to members', () => {
    for (const route of routes) {
      if (route.path.startsWith('/withdrawals/admin') || route.path.startsWith('/subscriptions')) expect(route.access).toEqual(['admin']);
      if (route.path.startsWith('/audit')) expect(route.access).toEqual(['auditor', 'admin']);
    }
    expect(routesById.get('withdrawals.request')?.access).toEqual(['user']);
    expect(routesById.get('auth.me')?.access).toBe('authenticated');
    expect(routesById.get('strategies.public')?.access).toBe('public');
    expect(routesById.get('deposits.byUser')?.ownParam).toBe('id');
  });

  it('matches a literal path before a parameter path that would also match it', () => {
    expect(matchRoute('PUT', '/users/profile')?.route.id).toBe('users.updateProfile');
    expect(matchRoute('PUT', '/users/password')?.route.id).toBe('users.changePassword');
    expect(matchRoute('GET', '/users/stats')?.route.id).toBe('users.stats');
    expect(matchRoute('GET', '/users/pending')?.route.id).toBe('users.pending');
    expect(matchRoute('GET', '/users/42')).toEqual({ route: routesById.get('users.get'), params: { id: '42' } });
    expect(matchRoute('DELETE', '/users/42')).toBeUndefined();
    expect(matchRoute('GET', '/audit/streams/account-7%2Da')?.params).toEqual({ streamId: 'account-7-a' });
    expect(matchRoute('GET', '/users/%zz')).toBeUndefined();
  });

  it('never lets a parameter route shadow a later literal route of the same method', () => {
    routes.forEach((route, index) => {
      for (const earlier of routes.slice(0, index)) {
        if (earlier.method !== route.method || !earlier.path.includes(':') || route.path.includes(':')) continue;
        expect(matchRoute(route.method, route.path)?.route.id, `${earlier.id} shadows ${route.id}`).toBe(route.id);
      }
    });
  });
});

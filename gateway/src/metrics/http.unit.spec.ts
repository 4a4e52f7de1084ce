import { describe, expect, it } from 'vitest';
import { routes } from '@concierge/contracts';
import { createRouteMatcher } from '../route-matcher.js';
import { gatewayRouteOf } from './http.js';

describe("the gateway's request labels", () => {
  const match = createRouteMatcher(routes);

  it('name the route of the table a call goes to, never its path or ids', () => {
    expect(gatewayRouteOf(match, 'GET', '/api/users/6f1c2d3e-0000-4000-8000-000000000001?x=1')).toBe('users.get');
    expect(gatewayRouteOf(match, 'GET', '/api/users/pending')).toBe('users.pending');
    expect(gatewayRouteOf(match, 'POST', '/api/auth/login')).toBe('auth.login');
  });

  it('count the probes by name, unknown API paths as unmatched and everything else as the SPA', () => {
    expect(gatewayRouteOf(match, 'GET', '/api/health')).toBe('health');
    expect(gatewayRouteOf(match, 'GET', '/api/ready')).toBe('ready');
    expect(gatewayRouteOf(match, 'GET', '/api/metrics')).toBe('unmatched');
    expect(gatewayRouteOf(match, 'DELETE', '/api/auth/login')).toBe('unmatched');
    expect(gatewayRouteOf(match, 'GET', '/admin/users/42')).toBe('spa');
    expect(gatewayRouteOf(match, 'GET', '/metrics')).toBe('spa');
  });

  it('label any request target a client can send without throwing', () => {
    for (const target of ['http://[', '//evil.example/api/users', '', '?', '/api?x', '/api/%zz', '*']) {
      expect(() => gatewayRouteOf(match, 'GET', target), target).not.toThrow();
    }
    expect(gatewayRouteOf(match, 'GET', '/api/users?limit=5')).toBe('users.list');
  });
});

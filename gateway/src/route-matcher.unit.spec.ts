import { describe, expect, it } from 'vitest';
import { routes as productRoutes } from '@concierge/contracts';
import { createRouteMatcher } from './route-matcher.js';
import { route } from './testing/route.js';

const table = [
  route('GET', '/users/:id'),
  route('PUT', '/users/:id', 'command'),
  route('GET', '/users/pending'),
  route('POST', '/users/:id/approve', 'command'),
  route('GET', '/auth/reset-password/:token'),
  route('POST', '/auth/reset-password', 'command'),
  route('GET', '/wallets/user/:id/private-key'),
];
const match = createRouteMatcher(table);

describe('route matcher', () => {
  it('sends a literal path to its own route, not to a parameter route listed before it', () => {
    expect(match('GET', '/users/pending')).toMatchObject({ kind: 'matched', route: { path: '/users/pending' }, params: {} });
  });

  it('fills parameters, decoded', () => {
    expect(match('GET', '/users/42')).toMatchObject({ route: { path: '/users/:id' }, params: { id: '42' } });
    expect(match('GET', '/auth/reset-password/a%2Bb')).toMatchObject({ params: { token: 'a+b' } });
    expect(match('POST', '/users/7/approve')).toMatchObject({ route: { path: '/users/:id/approve' }, params: { id: '7' } });
  });

  it('lets another method reach the parameter route when the literal route lacks it', () => {
    expect(match('PUT', '/users/pending')).toMatchObject({ kind: 'matched', route: { path: '/users/:id', method: 'PUT' } });
  });

  it('reports the allowed methods when the path exists under other methods', () => {
    expect(match('DELETE', '/users/42')).toEqual({ kind: 'method-not-allowed', allowed: ['GET', 'HEAD', 'PUT'] });
    expect(match('GET', '/auth/reset-password')).toEqual({ kind: 'method-not-allowed', allowed: ['POST'] });
  });

  it('answers HEAD with the GET route', () => {
    expect(match('HEAD', '/users/pending')).toMatchObject({ kind: 'matched', route: { method: 'GET', path: '/users/pending' } });
  });

  it('does not know paths outside the table, with extra segments, or with an empty parameter', () => {
    expect(match('GET', '/xyz')).toEqual({ kind: 'not-found' });
    expect(match('GET', '/users/42/extra')).toEqual({ kind: 'not-found' });
    expect(match('GET', '/users')).toEqual({ kind: 'not-found' });
    expect(match('GET', '/auth/reset-password/')).toEqual({ kind: 'method-not-allowed', allowed: ['POST'] });
  });

  it('treats one trailing slash as the same route', () => {
    expect(match('GET', '/users/pending/')).toMatchObject({ kind: 'matched', route: { path: '/users/pending' } });
  });

  it('refuses dot segments and malformed escapes instead of guessing', () => {
    expect(match('GET', '/users/..')).toEqual({ kind: 'not-found' });
    expect(match('GET', '/users/%2e%2E')).toEqual({ kind: 'not-found' });
    expect(match('GET', '/users/%E0%A4%A')).toEqual({ kind: 'not-found' });
  });

  it('rejects a table where two routes could never be told apart', () => {
    expect(() => createRouteMatcher([route('GET', '/users/:id'), route('GET', '/users/:userId')])).toThrow(/both match GET/);
  });

  it('compiles the product route table', () => {
    const product = createRouteMatcher(productRoutes);
    for (const def of productRoutes) {
      const path = def.path.replace(/:(\w+)/g, 'sample');
      expect(product(def.method, path)).toMatchObject({ kind: 'matched', route: { id: def.id } });
    }
  });
});

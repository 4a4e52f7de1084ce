// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { json, renderPage } from '../testing/render-page';
import { guardRedirect, RequireAuth } from './guards';
import { AppRoutes } from './router';

const member = { id: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: 'user', status: 'approved' } as const;
const admin = { ...member, id: 'a1', email: 'admin@example.com', role: 'admin' } as const;

function signIn(user: typeof member | typeof admin) {
  localStorage.setItem('auth-token', 'token');
  localStorage.setItem('auth-refresh-token', 'refresh');
  localStorage.setItem('auth-user', JSON.stringify(user));
}

const renderAt = (path: string, routes: ReactNode) => renderPage(routes, path);

// Lazy pages are compiled on first import in the test run, which can take a moment.
const LAZY_PAGES = { timeout: 5000 };

const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  localStorage.clear();
  // Pages that load data get a signed-in user back; nothing else is needed here.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      json({ ...member, _id: member.id, walletAddress: null, subscriptionPlan: null, primaryWithdrawalAddress: null, createdAt: '2026-01-01T00:00:00.000Z' }),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('route guards', () => {
  it('send a visitor who is not logged in to /login with the page as returnUrl', () => {
    expect(guardRedirect(null, undefined, { pathname: '/user/settings', search: '?tab=1' })).toBe('/login?returnUrl=%2Fuser%2Fsettings%3Ftab%3D1');
  });

  it('send to plain /login after a deliberate logout', () => {
    expect(guardRedirect(null, ['admin'], { pathname: '/admin/users', search: '' }, true)).toBe('/login');
  });

  it("send a signed-in user with the wrong role to their own dashboard", () => {
    expect(guardRedirect({ ...member }, ['admin'], { pathname: '/admin/users', search: '' })).toBe('/user/dashboard');
    expect(guardRedirect({ ...admin }, ['user'], { pathname: '/user/dashboard', search: '' })).toBe('/admin/dashboard');
  });

  it('let an allowed user through', () => {
    expect(guardRedirect({ ...admin }, ['admin'], { pathname: '/admin/users', search: '' })).toBeNull();
    expect(guardRedirect({ ...member }, undefined, { pathname: '/user/history', search: '' })).toBeNull();
  });

  it('render the protected page only for an allowed, signed-in user', () => {
    signIn(member);
    renderAt(
      '/secret',
      <Routes>
        <Route path="/secret" element={<RequireAuth roles={['user']}>secret page</RequireAuth>} />
      </Routes>,
    );
    // The page, then the location probe: the page itself, with no redirect.
    expect(document.body.textContent).toBe('secret page/secret');
  });
});

describe('route table', () => {
  it('redirects an anonymous visitor of /admin/users to the login page', async () => {
    renderAt('/admin/users', <AppRoutes />);
    await waitFor(() => expect(where()).toBe('/login?returnUrl=%2Fadmin%2Fusers'), LAZY_PAGES);
  });

  it('sends a member who opens an admin page to the member dashboard', async () => {
    signIn(member);
    renderAt('/admin/users', <AppRoutes />);
    await waitFor(() => expect(where()).toBe('/user/dashboard'), LAZY_PAGES);
  });

  it('opens the dashboard for an empty /user or /admin child path', async () => {
    signIn(member);
    renderAt('/user', <AppRoutes />);
    await waitFor(() => expect(where()).toBe('/user/dashboard'), LAZY_PAGES);
    cleanup();
    signIn(admin);
    renderAt('/admin', <AppRoutes />);
    await waitFor(() => expect(where()).toBe('/admin/dashboard'), LAZY_PAGES);
  });

  it('sends any unknown path to the landing page', async () => {
    renderAt('/no/such/page', <AppRoutes />);
    await waitFor(() => expect(where()).toBe('/'), LAZY_PAGES);
    signIn(member);
    cleanup();
    renderAt('/user/no-such-page', <AppRoutes />);
    await waitFor(() => expect(where()).toBe('/'), LAZY_PAGES);
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import AdminLayout from './layout';

const ADMIN = { id: 'admin-1', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', role: 'admin', status: 'approved' };

function renderShell() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/admin/users/user-7']}>
        <Routes>
          <Route path="/admin" element={<AdminLayout />}>
            <Route path="users/:userId" element={<p>details page</p>} />
          </Route>
          <Route path="/login" element={<p>login page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const navigations = () => screen.getAllByRole('navigation', { name: 'Admin navigation' });
const hrefs = (nav: HTMLElement) => within(nav).getAllByRole('link').map((link) => link.getAttribute('href'));

beforeEach(() => {
  window.localStorage.setItem('auth-token', 'access-token');
  window.localStorage.setItem('auth-refresh-token', 'refresh-token');
  window.localStorage.setItem('auth-user', JSON.stringify(ADMIN));
  // The server side of logout (POST /auth/logout) is best effort; it answers 200 here.
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'ok', position: null }), { status: 200 })));
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe('Admin shell', () => {
  it("shows the title, the admin's name with the Admin label and the page in between", () => {
    renderShell();
    expect(screen.getByText('Admin Dashboard')).toBeTruthy();
    expect(screen.getAllByText('Grace Hopper').length).toBeGreaterThan(0);
    expect(screen.getByText('Admin')).toBeTruthy();
    expect(screen.getByText('details page')).toBeTruthy();
  });

  it('lists six screens in the sidebar and the first four in the bottom bar, marking Users on a details page', () => {
    renderShell();
    const [sidebar, bottomBar] = navigations();
    if (sidebar === undefined || bottomBar === undefined) throw new Error('expected a sidebar and a bottom bar');
    expect(hrefs(sidebar)).toEqual([
      '/admin/dashboard',
      '/admin/users',
      '/admin/withdrawals',
      '/admin/deposit-history',
      '/admin/subscriptions',
      '/admin/strategies',
    ]);
    expect(hrefs(bottomBar)).toEqual(['/admin/dashboard', '/admin/users', '/admin/withdrawals', '/admin/deposit-history']);
    expect(within(sidebar).getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
  });

  it('signs out from the user menu: the session is cleared and the login page shows', async () => {
    renderShell();
    fireEvent.click(screen.getByRole('button', { name: 'Open user menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(window.localStorage.getItem('auth-token')).toBeNull();
  });

  it('logs out from the sidebar too', async () => {
    renderShell();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(window.localStorage.getItem('auth-user')).toBeNull();
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import AdminLayout from './layout';

const ADMIN = { id: 'admin-1', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', role: 'admin', status: 'approved' };

function renderShell(path = '/admin/users/user-7') {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin" element={<AdminLayout />}>
            <Route path="dashboard" element={<p>dashboard page</p>} />
            <Route path="users/:userId" element={<p>details page</p>} />
            <Route path="strategies" element={<p>strategies page</p>} />
            <Route path="subscriptions" element={<p>subscriptions page</p>} />
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
  it("shows the page's name, the admin's name with the Admin label and the page in between", () => {
    renderShell();
    expect(screen.getByRole('banner').textContent).toContain('User Details');
    expect(screen.queryByText('Admin Dashboard')).toBeNull();
    expect(screen.getAllByText('Grace Hopper').length).toBeGreaterThan(0);
    // The page's name, the admin's name and role label, the avatar's initials.
    expect(screen.getByRole('banner').textContent).toBe('User DetailsGrace HopperAdminGH');
    expect(screen.getByRole('main').textContent).toBe('details page');
  });

  it('names the dashboard Admin Dashboard and each other page by its own name', () => {
    renderShell('/admin/dashboard');
    expect(screen.getByRole('banner').textContent).toContain('Admin Dashboard');
    cleanup();
    renderShell('/admin/strategies');
    expect(screen.getByRole('banner').textContent).toContain('Strategy Manager');
  });

  it("reaches Subscriptions, Strategies, Audit and Logout from the bottom bar's More on a phone", async () => {
    renderShell('/admin/dashboard');
    const bottomBar = navigations()[1];
    if (bottomBar === undefined) throw new Error('expected a bottom bar');
    fireEvent.click(within(bottomBar).getByRole('button', { name: 'More' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Subscriptions', 'Strategies', 'Audit', 'Logout']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Strategies' }));
    await waitFor(() => expect(screen.getByRole('main').textContent).toBe('strategies page'));
    expect(screen.getByRole('banner').textContent).toContain('Strategy Manager');
    fireEvent.click(within(bottomBar).getByRole('button', { name: 'More' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    // The login page alone: the admin shell is gone.
    await waitFor(() => expect(document.body.textContent).toBe('login page'));
    expect(window.localStorage.getItem('auth-token')).toBeNull();
  });

  it('lists seven screens in the sidebar (the audit screens last) and the first four in the bottom bar, marking Users on a details page', () => {
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
      '/audit',
    ]);
    expect(hrefs(bottomBar)).toEqual(['/admin/dashboard', '/admin/users', '/admin/withdrawals', '/admin/deposit-history']);
    expect(within(sidebar).getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
  });

  it('signs out from the user menu: the session is cleared and the login page shows', async () => {
    renderShell();
    fireEvent.click(screen.getByRole('button', { name: 'Open user menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    // The login page alone: the admin shell is gone.
    await waitFor(() => expect(document.body.textContent).toBe('login page'));
    expect(window.localStorage.getItem('auth-token')).toBeNull();
  });

  it('logs out from the sidebar too', async () => {
    renderShell();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    // The login page alone: the admin shell is gone.
    await waitFor(() => expect(document.body.textContent).toBe('login page'));
    expect(window.localStorage.getItem('auth-user')).toBeNull();
  });
});

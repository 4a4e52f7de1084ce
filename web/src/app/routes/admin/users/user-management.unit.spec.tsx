// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { UserDto, UserStatus } from '@concierge/contracts';
import UserManagementPage from './user-management';

function user(index: number, status: UserStatus): UserDto {
  const id = `user-${index}`;
  return {
    _id: id,
    id,
    firstName: `First${index}`,
    lastName: `Last${index}`,
    email: `member${index}@example.com`,
    role: 'user',
    status,
    walletAddress: null,
    subscriptionPlan: null,
    subscriptionPlanName: 'Premium Concierge',
    primaryWithdrawalAddress: null,
    emailVerified: true,
    createdAt: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
  };
}

/** The API as the browser sees it: only `fetch` is replaced, with a backend that filters and pages. */
function serveUsers(users: UserDto[]) {
  const requests: URL[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(url);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (url.pathname === '/api/users/stats') {
      const count = (status: UserStatus) => users.filter((entry) => entry.status === status).length;
      return json({
        data: {
          users: { total: users.length, pendingApproval: count('pending'), approved: count('approved') },
          withdrawals: { pending: 0, completed: 0, amounts: { completed: 0 } },
          summary: { activeUsers: count('approved') },
        },
      });
    }
    if (url.pathname === '/api/users') {
      const page = Number(url.searchParams.get('page') ?? '1');
      const limit = Number(url.searchParams.get('limit') ?? '10');
      const status = url.searchParams.get('status');
      const matching = users.filter((entry) => status === null || entry.status === status);
      return json({ users: matching.slice((page - 1) * limit, page * limit), total: matching.length, page, limit });
    }
    return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { listRequests: () => requests.filter((url) => url.pathname === '/api/users') };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderAt(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/admin/users" element={<UserManagementPage />} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

const rowOf = (name: string) => {
  const row = screen.getByText(name).closest<HTMLElement>('[role="row"]');
  if (row === null) throw new Error(`no table row for ${name}`);
  return within(row);
};

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('User Management', () => {
  it('offers Approve and Reject only on pending users, and View Details on every user', async () => {
    serveUsers([user(1, 'pending'), user(2, 'approved'), user(3, 'rejected')]);
    renderAt('/admin/users');

    await screen.findByText('First1 Last1');
    expect(rowOf('First1 Last1').getAllByRole('button').map((button) => [button.textContent, button.hasAttribute('disabled')])).toEqual([
      ['Approve', false],
      ['Reject', false],
    ]);
    for (const name of ['First2 Last2', 'First3 Last3']) {
      expect(rowOf(name).queryByRole('button', { name: 'Approve' })).toBeNull();
      expect(rowOf(name).queryByRole('button', { name: 'Reject' })).toBeNull();
    }
    expect(rowOf('First2 Last2').getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/admin/users/user-2');
  });

  it('marks a registration whose email is unconfirmed, and keeps its Approve disabled while Reject stays', async () => {
    serveUsers([{ ...user(1, 'pending'), emailVerified: false }, user(2, 'pending')]);
    renderAt('/admin/users');

    await screen.findByText('First1 Last1');
    // The mark is a line under the name.
    const name = rowOf('First1 Last1').getAllByRole('gridcell').find((cell) => cell.getAttribute('data-field') === 'name');
    expect(name?.textContent).toBe('First1 Last1Email not confirmed');
    expect(rowOf('First1 Last1').getByRole('button', { name: 'Approve' })).toHaveProperty('disabled', true);
    expect(rowOf('First1 Last1').getByRole('button', { name: 'Reject' })).toHaveProperty('disabled', false);
    expect(rowOf('First2 Last2').queryByText('Email not confirmed')).toBeNull();
    expect(rowOf('First2 Last2').getByRole('button', { name: 'Approve' })).toHaveProperty('disabled', false);
  });

  it('presets the status filter from the status query parameter and lists only those users', async () => {
    const api = serveUsers([user(1, 'pending'), user(2, 'approved'), user(3, 'pending')]);
    renderAt('/admin/users?status=pending');

    await screen.findByText('First3 Last3');
    expect(screen.getByRole('combobox').textContent).toBe('Pending');
    expect(screen.queryByText('First2 Last2')).toBeNull();
    expect(api.listRequests().every((url) => url.searchParams.get('status') === 'pending')).toBe(true);
    expect(screen.getByText(/^Showing /).textContent).toBe('Showing 1 to 2 of 2 results');
  });

  it('shows all statuses without the parameter, and Reset drops a preset filter from the URL', async () => {
    serveUsers([user(1, 'pending'), user(2, 'approved')]);
    renderAt('/admin/users?status=approved');
    await screen.findByText('First2 Last2');

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));

    await screen.findByText('First1 Last1');
    expect(screen.getByTestId('location').textContent).toBe('/admin/users');
    expect(screen.getByRole('combobox').textContent).toBe('All Statuses');
  });

  it('pages through the exact total with at most five page numbers', async () => {
    const api = serveUsers(Array.from({ length: 73 }, (_, index) => user(index + 1, 'approved')));
    renderAt('/admin/users');

    const showing = () => screen.getByText(/^Showing /).textContent;
    await waitFor(() => expect(showing()).toBe('Showing 1 to 10 of 73 results'));
    const pagination = within(screen.getByRole('navigation', { name: 'Pagination' }));
    const pageNumbers = () => pagination.getAllByRole('button', { name: /^Page / }).map((button) => button.textContent);
    expect(pageNumbers()).toEqual(['1', '2', '3', '4', '5']);
    expect(pagination.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(pagination.getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(showing()).toBe('Showing 41 to 50 of 73 results'));
    expect(pageNumbers()).toEqual(['3', '4', '5', '6', '7']);
    expect(screen.getByTestId('location').textContent).toBe('/admin/users?page=5');

    fireEvent.click(pagination.getByRole('button', { name: 'Page 7' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.listRequests().at(-1)?.searchParams.get('page')).toBe('8'));
    await waitFor(() => expect(showing()).toBe('Showing 71 to 73 of 73 results'));
    expect(pageNumbers()).toEqual(['4', '5', '6', '7', '8']);
    expect(pagination.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it('says No users found when nothing matches', async () => {
    serveUsers([user(1, 'approved')]);
    renderAt('/admin/users?status=rejected');
    // The column headers, then the empty text in place of rows.
    await waitFor(() => expect(screen.getByRole('grid').textContent).toBe('NameEmailStatusRegisteredActionsNo users found'));
  });
});

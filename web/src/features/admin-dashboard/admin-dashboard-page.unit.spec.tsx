// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router-dom';
import type { UserDto } from '@concierge/contracts';
import AdminDashboardPage from './admin-dashboard-page';

function pendingUser(index: number): UserDto {
  const id = `user-${index}`;
  return {
    _id: id,
    id,
    firstName: `First${index}`,
    lastName: `Last${index}`,
    email: `member${index}@example.com`,
    role: 'user',
    status: 'pending',
    walletAddress: null,
    subscriptionPlan: null,
    primaryWithdrawalAddress: null,
    createdAt: '2026-01-0' + index + 'T10:00:00.000Z',
  };
}

type Decision = { path: string; body: unknown };

/** A backend behind `fetch`: pending users that approve/reject remove; withdrawals not built yet (501). */
function serveBackend(options: { failApprove?: boolean } = {}) {
  let pending = [pendingUser(1), pendingUser(2)];
  let approved = 4;
  const decisions: Decision[] = [];
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const decided = /^\/api\/users\/([^/]+)\/(approve|reject)$/.exec(url.pathname);
      if (decided && init?.method === 'POST') {
        decisions.push({ path: url.pathname, body: init.body === undefined ? undefined : JSON.parse(String(init.body)) });
        if (options.failApprove && decided[2] === 'approve') return json({ message: 'This user was already processed' }, 409);
        pending = pending.filter((entry) => entry.id !== decided[1]);
        if (decided[2] === 'approve') approved += 1;
        return json({ message: 'ok', position: null });
      }
      if (url.pathname === '/api/users/stats') {
        return json({
          data: {
            users: { total: approved + pending.length, pendingApproval: pending.length, approved },
            withdrawals: { pending: 0, completed: 0, amounts: { completed: 0 } },
            summary: { activeUsers: approved },
          },
        });
      }
      if (url.pathname === '/api/users/pending') return json({ users: pending, total: pending.length });
      if (url.pathname === '/api/withdrawals/admin/requests') return json({ message: 'Not implemented yet' }, 501);
      return json({ message: 'Not found' }, 404);
    }),
  );
  return { decisions };
}

function renderDashboard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <MemoryRouter initialEntries={['/admin/dashboard']}>
          <AdminDashboardPage />
        </MemoryRouter>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

const registrations = () => within(screen.getByRole('table', { name: 'Recent User Registrations' }));
const cardValue = (title: string) => screen.getByText(title).nextElementSibling?.textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Admin dashboard', () => {
  it('counts active users, pending approvals and pending withdrawals, linking to the pending lists', async () => {
    serveBackend();
    renderDashboard();

    await screen.findByText('First1 Last1');
    expect(cardValue('Total Users')).toBe('4');
    expect(cardValue('Pending Approvals')).toBe('2');
    expect(cardValue('Pending Withdrawals')).toBe('0');
    expect(screen.getByText('Pending Approvals').closest('a')?.getAttribute('href')).toBe('/admin/users?status=pending');
    expect(screen.getByText('Pending Withdrawals').closest('a')?.getAttribute('href')).toBe('/admin/withdrawals?status=pending');
  });

  it('shows No pending withdrawal requests while withdrawals are not built (501)', async () => {
    serveBackend();
    renderDashboard();
    expect(await screen.findByText('No pending withdrawal requests')).toBeTruthy();
  });

  it('approves a registration, says so, and refreshes the table and the cards', async () => {
    const backend = serveBackend();
    renderDashboard();
    await screen.findByText('First1 Last1');

    const row = screen.getByText('First1 Last1').closest('tr');
    if (row === null) throw new Error('no row');
    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('User approved successfully')).toBeTruthy();
    expect(backend.decisions).toEqual([{ path: '/api/users/user-1/approve', body: undefined }]);
    await screen.findByText((_, element) => element?.textContent === '5' && element.previousElementSibling?.textContent === 'Total Users');
    expect(registrations().queryByText('First1 Last1')).toBeNull();
    expect(cardValue('Pending Approvals')).toBe('1');
  });

  it('rejects a registration with the generic reason and empties the table when none is left', async () => {
    const backend = serveBackend();
    renderDashboard();
    await screen.findByText('First2 Last2');

    for (const name of ['First1 Last1', 'First2 Last2']) {
      const row = screen.getByText(name).closest('tr');
      if (row === null) throw new Error('no row');
      fireEvent.click(within(row).getByRole('button', { name: 'Reject' }));
      await screen.findAllByText('User rejected');
    }

    expect(await screen.findByText('No pending user registrations')).toBeTruthy();
    expect(backend.decisions.map((decision) => decision.body)).toEqual([{ reason: 'generic reason' }, { reason: 'generic reason' }]);
  });

  it("shows the server's message when an approval fails", async () => {
    serveBackend({ failApprove: true });
    renderDashboard();
    await screen.findByText('First1 Last1');

    const row = screen.getByText('First1 Last1').closest('tr');
    if (row === null) throw new Error('no row');
    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('This user was already processed')).toBeTruthy();
    expect(registrations().getByText('First1 Last1')).toBeTruthy();
  });
});

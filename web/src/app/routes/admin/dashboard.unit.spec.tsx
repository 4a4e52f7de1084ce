// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router-dom';
import type { UserDto, WithdrawalDto } from '@concierge/contracts';
import { toastVariant } from '../../../testing/read-page';
import AdminDashboardPage from './dashboard';

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
    subscriptionPlanName: 'Premium Concierge',
    primaryWithdrawalAddress: null,
    emailVerified: true,
    createdAt: '2026-01-0' + index + 'T10:00:00.000Z',
  };
}

function pendingWithdrawal(index: number): WithdrawalDto {
  const id = `withdrawal-${index}`;
  return {
    _id: id,
    id,
    userId: { _id: `user-${index}`, firstName: `Payee${index}`, lastName: 'Member', email: `payee${index}@example.com` },
    amount: 25.5,
    asset: 'USDC',
    status: 'pending',
    requestedAt: '2026-02-01T10:00:00.000Z',
    createdAt: '2026-02-01T10:00:00.000Z',
    updatedAt: '2026-02-01T10:00:00.000Z',
    withdrawalAddressId: { _id: 'address-1', label: 'Main', address: `0x${'ab'.repeat(20)}`, network: 'Avalanche' },
    transactionHash: null,
    rejectionReason: null,
    approvedAt: null,
    completedAt: null,
    settlement: null,
  };
}

type Decision = { path: string; body: unknown };

/**
 * A backend behind `fetch`: pending users and withdrawals that decisions remove. Without
 * `withdrawals` the withdrawal routes answer 501, as before withdrawals were built.
 */
function serveBackend(options: { failApprove?: boolean; withdrawals?: WithdrawalDto[] } = {}) {
  let pending = [pendingUser(1), pendingUser(2)];
  let withdrawals = options.withdrawals;
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
            summary: { activeUsers: approved, assetsUnderManagement: 1234567.891 },
          },
        });
      }
      if (url.pathname === '/api/users/pending') return json({ users: pending, total: pending.length });
      const processed = /^\/api\/withdrawals\/admin\/requests\/([^/]+)\/process$/.exec(url.pathname);
      if (processed && withdrawals && init?.method === 'POST') {
        decisions.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
        withdrawals = withdrawals.filter((entry) => entry.id !== processed[1]);
        return json({ message: 'ok', status: 'approved', position: null });
      }
      if (url.pathname === '/api/withdrawals/admin/requests') {
        if (withdrawals === undefined) return json({ message: 'Not implemented yet' }, 501);
        expect(Object.fromEntries(url.searchParams)).toEqual({ status: 'pending', limit: '5' });
        return json(withdrawals);
      }
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

const registrations = () => within(screen.getByRole('grid', { name: 'Recent User Registrations' }));
/** The withdrawal requests table: its headers, then its rows or its empty text. */
const withdrawalRequests = () => screen.getByRole('grid', { name: 'Recent Withdrawal Requests' });
const cardValue = (title: string) => screen.getByText(title).nextElementSibling?.textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Admin dashboard', () => {
  it('counts active users, pending approvals and pending withdrawals, linking to the users and the pending lists', async () => {
    serveBackend();
    renderDashboard();

    await screen.findByText('First1 Last1');
    expect(cardValue('Total Users')).toBe('4');
    expect(cardValue('Pending Approvals')).toBe('2');
    expect(cardValue('Pending Withdrawals')).toBe('0');
    expect(screen.getByText('Total Users').closest('a')?.getAttribute('href')).toBe('/admin/users');
    expect(screen.getByText('Pending Approvals').closest('a')?.getAttribute('href')).toBe('/admin/users?status=pending');
    expect(screen.getByText('Pending Withdrawals').closest('a')?.getAttribute('href')).toBe('/admin/withdrawals?status=pending');
    // The sum of the members' latest valuations.
    expect(cardValue('Assets under management')).toBe('1,234,567.891 USDC');
  });

  it('shows No pending withdrawal requests while withdrawals are not built (501)', async () => {
    serveBackend();
    renderDashboard();
    await waitFor(() => expect(withdrawalRequests().textContent).toBe('UserAmountAssetRequestedActionsNo pending withdrawal requests'));
  });

  it('approves a registration, says so, and refreshes the table and the cards', async () => {
    const backend = serveBackend();
    renderDashboard();
    await screen.findByText('First1 Last1');

    const row = screen.getByText('First1 Last1').closest<HTMLElement>('[role="row"]');
    if (row === null) throw new Error('no row');
    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));

    expect(await toastVariant('User approved successfully')).toBe('success');
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
      const row = screen.getByText(name).closest<HTMLElement>('[role="row"]');
      if (row === null) throw new Error('no row');
      fireEvent.click(within(row).getByRole('button', { name: 'Reject' }));
      await screen.findAllByText('User rejected');
    }

    const table = () => screen.getByRole('grid', { name: 'Recent User Registrations' });
    await waitFor(() => expect(table().textContent).toBe('NameEmailRegisteredActionsNo pending user registrations'));
    expect(backend.decisions.map((decision) => decision.body)).toEqual([{ reason: 'generic reason' }, { reason: 'generic reason' }]);
  });

  it('approves a pending withdrawal with Withdrawal approved and removes it from the table', async () => {
    const backend = serveBackend({ withdrawals: [pendingWithdrawal(1)] });
    renderDashboard();
    const row = (await screen.findByText('Payee1 Member')).closest<HTMLElement>('[role="row"]');
    if (row === null) throw new Error('no row');
    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));

    expect(await toastVariant('Withdrawal approved')).toBe('success');
    await waitFor(() => expect(withdrawalRequests().textContent).toBe('UserAmountAssetRequestedActionsNo pending withdrawal requests'));
    expect(backend.decisions).toEqual([{ path: '/api/withdrawals/admin/requests/withdrawal-1/process', body: { action: 'approve' } }]);
  });

  it('rejects a pending withdrawal only with a reason, saying Withdrawal rejected', async () => {
    const backend = serveBackend({ withdrawals: [pendingWithdrawal(1)] });
    renderDashboard();
    const row = (await screen.findByText('Payee1 Member')).closest<HTMLElement>('[role="row"]');
    if (row === null) throw new Error('no row');
    fireEvent.click(within(row).getByRole('button', { name: 'Reject' }));

    const dialog = within(await screen.findByRole('dialog'));
    const confirm = dialog.getByRole<HTMLButtonElement>('button', { name: 'Reject' });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(dialog.getByRole('textbox', { name: /Rejection reason/ }), { target: { value: 'Unknown destination' } });
    fireEvent.click(confirm);

    expect(await toastVariant('Withdrawal rejected')).toBe('success');
    expect(backend.decisions).toEqual([
      { path: '/api/withdrawals/admin/requests/withdrawal-1/process', body: { action: 'reject', rejectionReason: 'Unknown destination' } },
    ]);
  });

  it("shows the server's message when an approval fails", async () => {
    serveBackend({ failApprove: true });
    renderDashboard();
    await screen.findByText('First1 Last1');

    const row = screen.getByText('First1 Last1').closest<HTMLElement>('[role="row"]');
    if (row === null) throw new Error('no row');
    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));

    expect(await toastVariant('This user was already processed')).toBe('error');
    const names = registrations().getAllByRole('gridcell').filter((cell) => cell.getAttribute('data-field') === 'name');
    expect(names.map((cell) => cell.textContent)).toEqual(['First1 Last1', 'First2 Last2']);
  });
});

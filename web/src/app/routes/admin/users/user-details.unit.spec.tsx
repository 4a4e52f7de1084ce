// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { UserDto } from '@concierge/contracts';
import UserDetailsPage from './user-details';

const ANN: UserDto = {
  _id: 'user-1',
  id: 'user-1',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  role: 'user',
  status: 'pending',
  walletAddress: null,
  subscriptionPlan: null,
  subscriptionPlanName: 'Premium Concierge',
  primaryWithdrawalAddress: null,
  emailVerified: true,
  createdAt: '2026-01-05T10:00:00.000Z',
};

/** A backend behind `fetch` with one user; plans answer 501 unless given. */
function serveBackend(plans?: { id: string; name: string }[]) {
  let stored = { ...ANN };
  const updates: unknown[] = [];
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/subscriptions') {
        if (plans === undefined) return json({ message: 'Not implemented yet' }, 501);
        return json(plans.map((plan) => ({ ...plan, _id: plan.id, feePercentage: 1, description: '', isActive: true, createdAt: '', updatedAt: '' })));
      }
      if (url.pathname === '/api/users/user-1' && init?.method === 'PUT') {
        const changes = JSON.parse(String(init.body)) as Partial<UserDto>;
        updates.push(changes);
        stored = { ...stored, ...changes };
        return json({ message: 'ok', position: null });
      }
      if (url.pathname === '/api/users/user-1') return json(stored);
      if (url.pathname === '/api/wallets/user/user-1') return json({ userId: 'user-1', address: null, derivationIndex: null, totalValue: 0 });
      if (url.pathname === '/api/deposits') return json([]);
      return json({ message: 'No user found with this ID' }, 404);
    }),
  );
  return { updates };
}

function renderAt(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/admin/users/:userId" element={<UserDetailsPage />} />
          </Routes>
        </MemoryRouter>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

/** Opens a select by its label and picks an option. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('User Details', () => {
  it('says No user found with this ID. for a missing user', async () => {
    serveBackend();
    renderAt('/admin/users/nobody');
    expect(await screen.findByText('No user found with this ID.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/admin/users');
  });

  it('saves only the changed status and role and shows the new values', async () => {
    const backend = serveBackend();
    renderAt('/admin/users/user-1');
    await screen.findByText('ann@example.com');

    await choose('Status', 'Suspended');
    await choose('Role', 'Admin');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('User details updated successfully.')).toBeTruthy();
    expect(backend.updates).toEqual([{ status: 'suspended', role: 'admin' }]);
    const information = within(screen.getByRole('region', { name: 'User Information' }));
    expect(await information.findByText('Suspended', { selector: '.MuiChip-label' })).toBeTruthy();
  });

  it('disables the plan select with a hint while plans are not available', async () => {
    serveBackend();
    renderAt('/admin/users/user-1');
    expect(await screen.findByText('Subscription plans are not available yet.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Subscription Plan' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('assigns a subscription plan once plans exist', async () => {
    const backend = serveBackend([{ id: 'plan-gold', name: 'Gold' }]);
    renderAt('/admin/users/user-1');
    await screen.findByText('ann@example.com');
    await screen.findByRole('combobox', { name: 'Subscription Plan' });

    await choose('Subscription Plan', 'Gold');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('User details updated successfully.')).toBeTruthy();
    expect(backend.updates).toEqual([{ subscriptionPlan: 'plan-gold' }]);
  });
});

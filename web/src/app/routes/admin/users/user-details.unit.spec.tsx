// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { UserDto } from '@concierge/contracts';
import { descriptionOf, termsOf, toastVariant } from '../../../../testing/read-page';
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

type PlanRow = { id: string; name: string; isActive?: boolean; isDefault?: boolean };

/** A backend behind `fetch` with one user; plans answer 501 unless given; `refuse` answers every PUT with a 409. */
function serveBackend(plans?: PlanRow[], options: { user?: Partial<UserDto>; refuse?: string; snapshot?: () => Response } = {}) {
  let stored = { ...ANN, ...options.user };
  const updates: unknown[] = [];
  const snapshots: unknown[] = [];
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/subscriptions') {
        if (plans === undefined) return json({ message: 'Not implemented yet' }, 501);
        return json(
          plans.map((plan) => ({ _id: plan.id, feePercentage: 1, description: '', isActive: true, isDefault: false, createdAt: '', updatedAt: '', ...plan })),
        );
      }
      if (url.pathname === '/api/users/user-1' && init?.method === 'PUT') {
        const changes = JSON.parse(String(init.body)) as Partial<UserDto>;
        updates.push(changes);
        if (options.refuse !== undefined) return json({ message: options.refuse }, 409);
        stored = { ...stored, ...changes };
        return json({ message: 'ok', position: null });
      }
      if (url.pathname === '/api/wallets/user/user-1/snapshot' && init?.method === 'POST') {
        snapshots.push(JSON.parse(String(init.body)));
        return options.snapshot?.() ?? json({ message: 'Snapshot requested. The new valuation appears in a few moments.', requestId: 'r1', position: null }, 202);
      }
      if (url.pathname === '/api/users/user-1') return json(stored);
      if (url.pathname === '/api/wallets/user/user-1') return json({ userId: 'user-1', address: null, derivationIndex: null, totalValue: 0 });
      if (url.pathname === '/api/deposits') return json([]);
      return json({ message: 'No user found with this ID' }, 404);
    }),
  );
  return { updates, snapshots };
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
  it("asks for a snapshot of the member's portfolio on Create Snapshot and says it was requested", async () => {
    const backend = serveBackend();
    renderAt('/admin/users/user-1');
    const section = within(await screen.findByRole('region', { name: 'Portfolio' }));
    fireEvent.click(section.getByRole('button', { name: 'Create Snapshot' }));
    expect(await toastVariant('Snapshot requested. The new valuation appears in a few moments.')).toBe('success');
    expect(backend.snapshots).toEqual([{}]);
    expect(section.getByRole('button', { name: 'Create Snapshot' })).toHaveProperty('disabled', false);
  });

  it("shows the server's reason when a snapshot cannot be requested", async () => {
    const refusal = () => new Response(JSON.stringify({ message: 'Snapshots are unavailable right now' }), { status: 503, headers: { 'Content-Type': 'application/json' } });
    serveBackend(undefined, { snapshot: refusal });
    renderAt('/admin/users/user-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Create Snapshot' }));
    expect(await toastVariant('Snapshots are unavailable right now')).toBe('error');
  });

  it.each([
    ['auditor', 'an auditor'],
    ['admin', 'an administrator'],
  ] as const)('shows a %s no deposit form and no snapshot button, and says why', async (role, words) => {
    serveBackend(undefined, { user: { role, status: 'approved' } });
    renderAt('/admin/users/user-1');
    expect((await screen.findByRole('alert')).textContent).toBe(`This account is ${words}: deposits and portfolio snapshots are recorded for members only.`);
    expect(screen.queryByRole('button', { name: 'Create Snapshot' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Add New Deposit' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Wallet Information' })).toBeNull();
    // Deposits from before a role change would still be listed.
    const history = () => within(screen.getByRole('region', { name: 'Deposit History' })).getByRole('grid');
    await waitFor(() => expect(history().textContent).toBe('DateAmount (USDC)Fee %Fee PaidTx HashNo deposits found'));
  });

  it('says No user found with this ID. for a missing user', async () => {
    serveBackend();
    renderAt('/admin/users/nobody');
    expect((await screen.findByRole('alert')).textContent).toBe('No user found with this ID.');
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/admin/users');
  });

  it('saves only the changed status and role and shows the new values', async () => {
    const backend = serveBackend();
    renderAt('/admin/users/user-1');
    await screen.findByText('ann@example.com');

    await choose('Status', 'Suspended');
    await choose('Role', 'Admin');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await toastVariant('User details updated successfully.')).toBe('success');
    expect(backend.updates).toEqual([{ status: 'suspended', role: 'admin' }]);
    await waitFor(() => expect(termsOf(screen.getByRole('region', { name: 'User Information' }))).toMatchObject({ Status: 'Suspended', Role: 'Admin' }));
  });

  it('disables the plan select with a hint while plans are not available', async () => {
    serveBackend();
    renderAt('/admin/users/user-1');
    await waitFor(() => expect(descriptionOf(screen.getByRole('combobox', { name: 'Subscription Plan' }))).toBe('Subscription plans are not available yet.'));
    expect(screen.getByRole('combobox', { name: 'Subscription Plan' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('assigns a subscription plan once plans exist', async () => {
    const backend = serveBackend([{ id: 'plan-gold', name: 'Gold' }]);
    renderAt('/admin/users/user-1');
    await screen.findByText('ann@example.com');
    await screen.findByRole('combobox', { name: 'Subscription Plan' });

    await choose('Subscription Plan', 'Gold');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await toastVariant('User details updated successfully.')).toBe('success');
    expect(backend.updates).toEqual([{ subscriptionPlan: 'plan-gold' }]);
  });

  it('lists the active plans with the default one, which a member without a plan is on, and moves them', async () => {
    const backend = serveBackend(PLANS);
    renderAt('/admin/users/user-1');
    expect(termsOf(await screen.findByRole('region', { name: 'User Information' }))).toEqual({
      Name: 'Ann Lee',
      Email: 'ann@example.com',
      Status: 'Pending',
      Role: 'User',
      'Subscription Plan': 'Premium Concierge',
      Registered: 'Jan 5, 2026',
    });
    const select = await screen.findByRole('combobox', { name: 'Subscription Plan' });
    await waitFor(() => expect(select.getAttribute('aria-disabled')).toBeNull());
    expect(select.textContent).toBe('Premium Concierge (default)');

    fireEvent.mouseDown(select);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Premium Concierge (default)', 'Gold']);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Gold' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await toastVariant('User details updated successfully.')).toBe('success');
    expect(backend.updates).toEqual([{ subscriptionPlan: 'plan-gold' }]);
  });

  it("keeps a member's inactive plan listed, marked, and sends 'default' to move them back", async () => {
    const backend = serveBackend(PLANS, { user: { subscriptionPlan: 'plan-old', subscriptionPlanName: 'Legacy' } });
    renderAt('/admin/users/user-1');
    const select = await screen.findByRole('combobox', { name: 'Subscription Plan' });
    await waitFor(() => expect(select.textContent).toBe('Legacy (inactive)'));
    fireEvent.mouseDown(select);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Premium Concierge (default)', 'Gold', 'Legacy (inactive)']);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Premium Concierge (default)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await toastVariant('User details updated successfully.')).toBe('success');
    expect(backend.updates).toEqual([{ subscriptionPlan: 'default' }]);
  });

  it("shows the server's refusal of a plan change", async () => {
    const refusal = 'The plan Gold is inactive: activate it in the Subscription Manager before assigning it.';
    serveBackend(PLANS, { refuse: refusal });
    renderAt('/admin/users/user-1');
    const select = await screen.findByRole('combobox', { name: 'Subscription Plan' });
    await waitFor(() => expect(select.getAttribute('aria-disabled')).toBeNull());
    await choose('Subscription Plan', 'Gold');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await toastVariant(refusal)).toBe('error');
  });
});

const PLANS: PlanRow[] = [
  { id: 'default', name: 'Premium Concierge', isDefault: true },
  { id: 'plan-gold', name: 'Gold' },
  { id: 'plan-old', name: 'Legacy', isActive: false },
  { id: 'plan-retired', name: 'Retired', isActive: false },
];

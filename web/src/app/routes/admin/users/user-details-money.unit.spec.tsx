// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { DepositDto, UserDto } from '@concierge/contracts';
import { json, renderPage } from '../../../../testing/render-page';
import { fieldError, toastVariant } from '../../../../testing/read-page';
import UserDetailsPage from './user-details';

const ANN: UserDto = {
  _id: 'user-1',
  id: 'user-1',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  role: 'user',
  status: 'approved',
  walletAddress: null,
  subscriptionPlan: null,
  subscriptionPlanName: 'Premium Concierge',
  primaryWithdrawalAddress: null,
  emailVerified: true,
  createdAt: '2026-01-05T10:00:00.000Z',
};
const ADDRESS = `0x${'ab12'.repeat(10)}`;
const KEY = `0x${'9f'.repeat(32)}`;
const PASSWORD = 'Operator1969';
const REASON = 'Member lost their device';
const hash = (digit: string) => `0x${digit.repeat(64)}`;

function deposit(id: string, amountUSD: number, transactionHash: string): DepositDto {
  return {
    _id: id,
    id,
    userId: { _id: 'user-1', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' },
    amount: amountUSD,
    amountUSD,
    asset: 'USDC',
    status: 'completed',
    source: 'admin',
    timestamp: '2026-02-01T09:00:00.000Z',
    createdAt: '2026-02-01T09:00:00.000Z',
    feePercentageAtDeposit: 2.5,
    calculatedFeeUSD: amountUSD * 0.025,
    transactionHash,
  };
}

/** User, wallet, private key and deposits behind `fetch`; POST /deposits refuses a hash it has seen. */
function serveBackend() {
  const deposits = [deposit('d-1', 100, hash('1'))];
  const posted: unknown[] = [];
  let keyReveals = 0;
  const grantRequests: { password: string; reason: string }[] = [];
  const grants = new Set<string>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/users/user-1') return json(ANN);
      if (url.pathname === '/api/subscriptions') return json([]);
      if (url.pathname === '/api/wallets/user/user-1') return json({ userId: 'user-1', address: ADDRESS, derivationIndex: 3, totalValue: 97.5 });
      if (url.pathname === '/api/wallets/user/user-1/private-key/grant' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { password: string; reason: string };
        grantRequests.push(body);
        if (body.password !== PASSWORD) {
          return json({ message: 'The password is incorrect.', errors: [{ field: 'password', message: 'The password is incorrect.' }] }, 400);
        }
        const grant = `grant-${grantRequests.length}`;
        grants.add(grant);
        return json({ grant, expiresAt: '2026-01-05T10:02:00.000Z', message: 'Password confirmed.', position: null });
      }
      if (url.pathname === '/api/wallets/user/user-1/private-key') {
        const grant = (init?.headers as Record<string, string> | undefined)?.['X-Step-Up-Grant'] ?? '';
        // Single use, as on the server.
        if (!grants.delete(grant)) return json({ message: 'Re-enter your password and give a reason to reveal this key.' }, 403);
        keyReveals += 1;
        return json({ address: ADDRESS, privateKey: KEY, message: 'Private key revealed.', position: null });
      }
      if (url.pathname === '/api/deposits' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { transactionHash: string; amountUSD: string };
        posted.push(body);
        if (deposits.some((entry) => entry.transactionHash === body.transactionHash)) {
          return json({ message: 'This transaction hash is already recorded' }, 409);
        }
        const added = deposit(`d-${deposits.length + 1}`, Number(body.amountUSD), body.transactionHash);
        deposits.unshift(added);
        return json({ ...added, message: 'Deposit added', position: null });
      }
      if (url.pathname === '/api/deposits') {
        expect(url.searchParams.get('userId')).toBe('user-1');
        return new Response(JSON.stringify(deposits), { headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(deposits.length) } });
      }
      return json({ message: 'Not found' }, 404);
    }),
  );
  return { posted, grantRequests, keyReveals: () => keyReveals };
}

function renderDetails() {
  renderPage(
    <Routes>
      <Route path="/admin/users/:userId" element={<UserDetailsPage />} />
    </Routes>,
    '/admin/users/user-1',
  );
}

const form = () => within(screen.getByRole('form', { name: 'Add deposit' }));
const history = () => within(screen.getByRole('region', { name: 'Deposit History' }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('User Details: wallet and deposits', () => {
  it('refuses an incomplete deposit with the exact product message, names the fields and sends nothing', async () => {
    const backend = serveBackend();
    renderDetails();
    await screen.findByText('ann@example.com');

    fireEvent.change(form().getByLabelText('Amount (USD)'), { target: { value: '0.001' } });
    fireEvent.click(form().getByRole('button', { name: 'Add Deposit' }));

    expect(await toastVariant('Please fill out all deposit fields correctly')).toBe('error');
    expect(fieldError(form().getByLabelText('Transaction Hash'))).toBe('Transaction hash is required');
    expect(fieldError(form().getByLabelText('Amount (USD)'))).toBe('Amount must be at least 0.01 USDC');
    expect(backend.posted).toEqual([]);
  });

  it('adds a deposit, says so, shows it at the top of the history and clears the form', async () => {
    const backend = serveBackend();
    renderDetails();
    await screen.findByRole('region', { name: 'Deposit History' });
    const amounts = () => history().getAllByRole('gridcell').filter((cell) => cell.getAttribute('data-field') === 'amountUSD').map((cell) => cell.textContent);
    await waitFor(() => expect(amounts()).toEqual(['100']));

    const timestamp = form().getByLabelText<HTMLInputElement>('Timestamp').value;
    expect(timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    fireEvent.change(form().getByLabelText('Transaction Hash'), { target: { value: hash('A') } });
    fireEvent.change(form().getByLabelText('Amount (USD)'), { target: { value: '250.75' } });
    fireEvent.click(form().getByRole('button', { name: 'Add Deposit' }));

    expect(await toastVariant('Deposit added successfully!')).toBe('success');
    expect(backend.posted).toEqual([
      { userId: 'user-1', transactionHash: hash('a'), timestamp: new Date(timestamp).toISOString(), amountUSD: '250.75' },
    ]);
    await waitFor(() => {
      const rows = history().getAllByRole('row').slice(1);
      expect(rows[0]?.textContent).toContain('250.75');
      expect(rows[1]?.textContent).toContain('100');
    });
    expect(form().getByLabelText<HTMLInputElement>('Transaction Hash').value).toBe('');
  });

  it("shows the server's message when the hash is already recorded", async () => {
    serveBackend();
    renderDetails();
    await screen.findByRole('region', { name: 'Deposit History' });
    await history().findByText('100');

    fireEvent.change(form().getByLabelText('Transaction Hash'), { target: { value: hash('1') } });
    fireEvent.change(form().getByLabelText('Amount (USD)'), { target: { value: '5' } });
    fireEvent.click(form().getByRole('button', { name: 'Add Deposit' }));

    expect(await toastVariant('This transaction hash is already recorded')).toBe('error');
    expect(history().getAllByRole('row')).toHaveLength(2);
  });

  const revealDialog = () => within(screen.getByRole('dialog', { name: 'Reveal private key' }));

  it('asks for the password and a reason before a reveal, and sends nothing while either is missing', async () => {
    const backend = serveBackend();
    renderDetails();
    const wallet = within(await screen.findByRole('region', { name: 'Wallet Information' }));
    await wallet.findByText(ADDRESS);

    fireEvent.click(wallet.getByRole('checkbox', { name: 'Show Private Key' }));
    fireEvent.click(revealDialog().getByRole('button', { name: 'Reveal Key' }));
    expect(fieldError(revealDialog().getByLabelText('Your password'))).toBe('Password is required');
    expect(fieldError(revealDialog().getByLabelText('Reason'))).toBe('Reason is required');
    fireEvent.change(revealDialog().getByLabelText('Your password'), { target: { value: PASSWORD } });
    fireEvent.change(revealDialog().getByLabelText('Reason'), { target: { value: '   ' } });
    fireEvent.click(revealDialog().getByRole('button', { name: 'Reveal Key' }));
    expect(fieldError(revealDialog().getByLabelText('Reason'))).toBe('Reason is required');
    expect(backend.grantRequests).toEqual([]);

    fireEvent.click(revealDialog().getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(wallet.getByRole<HTMLInputElement>('checkbox', { name: 'Show Private Key' }).checked).toBe(false);
    expect(backend.keyReveals()).toBe(0);
  });

  it("shows the server's message for a wrong password and no key", async () => {
    const backend = serveBackend();
    renderDetails();
    const wallet = within(await screen.findByRole('region', { name: 'Wallet Information' }));
    await wallet.findByText(ADDRESS);

    fireEvent.click(wallet.getByRole('checkbox', { name: 'Show Private Key' }));
    fireEvent.change(revealDialog().getByLabelText('Your password'), { target: { value: 'not-my-password' } });
    fireEvent.change(revealDialog().getByLabelText('Reason'), { target: { value: REASON } });
    fireEvent.click(revealDialog().getByRole('button', { name: 'Reveal Key' }));

    expect(await revealDialog().findByRole('alert')).toHaveProperty('textContent', 'The password is incorrect.');
    expect(screen.queryByText(KEY)).toBeNull();
    expect(backend.keyReveals()).toBe(0);
  });

  it('reveals the key with a fresh single-use grant each time it is ticked, and forgets it when unticked', async () => {
    const backend = serveBackend();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderDetails();
    const wallet = within(await screen.findByRole('region', { name: 'Wallet Information' }));
    await wallet.findByText(ADDRESS);
    const checkbox = wallet.getByRole('checkbox', { name: 'Show Private Key' });

    const stepUp = async () => {
      fireEvent.click(checkbox);
      fireEvent.change(revealDialog().getByLabelText('Your password'), { target: { value: PASSWORD } });
      fireEvent.change(revealDialog().getByLabelText('Reason'), { target: { value: `  ${REASON} ` } });
      fireEvent.click(revealDialog().getByRole('button', { name: 'Reveal Key' }));
      expect((await wallet.findByLabelText('Private key')).textContent).toBe(KEY);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };

    await stepUp();
    expect(backend.grantRequests).toEqual([{ password: PASSWORD, reason: REASON }]);
    expect((checkbox as HTMLInputElement).checked).toBe(true);
    fireEvent.click(wallet.getByRole('button', { name: 'Copy private key' }));
    expect(await toastVariant('Private key copied to clipboard')).toBe('success');
    expect(writeText).toHaveBeenCalledWith(KEY);

    fireEvent.click(checkbox);
    expect(wallet.queryByText(KEY)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();

    await stepUp();
    expect(backend.grantRequests).toHaveLength(2);
    expect(backend.keyReveals()).toBe(2);
  });

  it('copies the wallet address and says so', async () => {
    serveBackend();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderDetails();
    const wallet = within(await screen.findByRole('region', { name: 'Wallet Information' }));
    await wallet.findByText(ADDRESS);

    fireEvent.click(wallet.getByRole('button', { name: 'Copy wallet address' }));
    expect(await toastVariant('Wallet address copied to clipboard')).toBe('success');
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
  });
});

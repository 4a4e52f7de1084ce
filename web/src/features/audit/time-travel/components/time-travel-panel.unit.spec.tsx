// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimeTravelResponse } from '@concierge/contracts/audit/time-travel';
import { json, renderPage } from '../../../../testing/render-page';
import { TimeTravelPanel } from './time-travel-panel';

const amount = (usdc: string, micro: string) => ({ usdc, micro });

const answer: TimeTravelResponse = {
  userId: 'u1',
  instant: '2026-05-01T09:05:00.000Z',
  member: { status: 'approved', role: 'user', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', registeredAt: '2026-05-01T08:00:00.000Z' },
  account: {
    balance: amount('1234.5', '1234500000'),
    reserved: amount('10', '10000000'),
    available: amount('1224.5', '1224500000'),
    deposits: [{ depositId: 'd1', transactionHash: '0xabc', amount: amount('1266.15', '1266150000'), fee: amount('31.65', '31650000'), creditedAt: '2026-05-01T09:00:00.000Z' }],
    withdrawals: [
      {
        withdrawalId: 'w1',
        status: 'pending',
        amount: amount('10', '10000000'),
        destination: { address: '0x1111111111111111111111111111111111111111', network: 'Avalanche' },
        rejectionReason: null,
        transactionHash: null,
        requestedAt: '2026-05-01T09:05:00.000Z',
        updatedAt: '2026-05-01T09:05:00.000Z',
      },
    ],
  },
  withdrawalAddresses: [{ addressId: 'a1', label: 'Main', address: '0x1111111111111111111111111111111111111111', network: 'Avalanche', primary: true, addedAt: '2026-05-01T08:30:00.000Z' }],
  plan: { planId: 'default', name: 'Premium Concierge', feePercentage: '2.5', isActive: true },
  portfolio: null,
  streams: [{ streamId: 'account-u1', eventsIncluded: 2, lastRevision: 1, lastRecordedAt: '2026-05-01T09:05:00.000Z' }],
};

let calls: string[] = [];

beforeEach(() => {
  calls = [];
  localStorage.setItem('auth-token', 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      if (url.includes('/audit/members/nobody/')) return json({ status: 404, message: 'No member has this id.' }, 404);
      return json(answer);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('time travel panel', () => {
  it("asks for the member at the instant typed, read as UTC, and shows the account's exact amounts, withdrawals and streams", async () => {
    renderPage(<TimeTravelPanel initialInstant="2026-05-01T09:05:00.000" />);
    fireEvent.change(screen.getByLabelText(/Member id/), { target: { value: 'u1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show account' }));
    // The title, each figure's caption and value, then the plan.
    const balance = 'BalanceBalance1,234.5 USDCReserved10 USDCAvailable1,224.5 USDCPlan: Premium Concierge (2.5% fee)';
    await waitFor(() => expect(screen.getByRole('region', { name: 'Balance' }).textContent).toBe(balance));
    expect(calls.at(-1)).toContain('/audit/members/u1/at?instant=2026-05-01T09%3A05%3A00.000Z');
    const [, withdrawal] = within(screen.getByRole('table', { name: 'Withdrawals at the instant' })).getAllByRole('row');
    expect(within(withdrawal as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'w1',
      '10 USDC',
      'pending',
      '0x1111111111111111111111111111111111111111 (Avalanche)',
      'May 1, 2026, 09:05:00 UTC',
      'May 1, 2026, 09:05:00 UTC',
    ]);
    expect(screen.getByRole('region', { name: 'Portfolio valuation' }).textContent).toBe('Portfolio valuationNo valuation recorded by this instant.');
    expect(screen.getByRole('link', { name: 'account-u1' }).getAttribute('href')).toBe('/audit/streams/account-u1');
  });

  it("says what the server says about a member it does not know", async () => {
    renderPage(<TimeTravelPanel />);
    fireEvent.change(screen.getByLabelText(/Member id/), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No member has this id.');
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DepositDto } from '@concierge/contracts';
import { json, renderPage } from '../../../testing/render-page';
import DepositHistoryPage from './deposit-history';

function deposit(index: number): DepositDto {
  const id = `d-${index}`;
  return {
    _id: id,
    id,
    userId: { _id: `u-${index}`, firstName: `First${index}`, lastName: `Last${index}`, email: `m${index}@example.com` },
    amount: 1000.123456,
    amountUSD: 1000.123456,
    asset: 'USDC',
    status: 'completed',
    source: 'admin',
    timestamp: '2026-02-01T09:00:00.000Z',
    createdAt: '2026-02-01T09:00:00.000Z',
    feePercentageAtDeposit: 2.5,
    calculatedFeeUSD: 25.003086,
    transactionHash: `0x${String(index).padStart(64, 'c')}`,
  };
}

/** GET /deposits behind `fetch`, `total` deposits in all, served page by page. */
function serveDeposits(total: number) {
  const pages: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/deposits') return json({ message: 'Not found' }, 404);
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      pages.push(`${page}/${limit}`);
      const rows = Array.from({ length: Math.max(0, Math.min(limit, total - (page - 1) * limit)) }, (_, i) => deposit((page - 1) * limit + i + 1));
      return new Response(JSON.stringify(rows), { headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) } });
    }),
  );
  return { pages };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Deposit History', () => {
  it('lists account, date, amount, fee % and fee paid with the hash linked to the explorer', async () => {
    serveDeposits(1);
    renderPage(<DepositHistoryPage />, '/admin/deposit-history');

    const row = within((await screen.findByText('First1 Last1')).closest('[role="row"]') as HTMLElement);
    expect(row.getAllByText('1,000.123456').length).toBeGreaterThan(0);
    // Account, date, amount, fee %, fee paid, hash.
    const cells = row.getAllByRole('gridcell').map((cell) => cell.textContent);
    expect(cells).toEqual(['First1 Last1', 'Feb 1, 2026', '1,000.123456', '2.5%', '25.003086', `0x${'c'.repeat(8)}…`]);
    const link = row.getByRole('link');
    expect(link.getAttribute('href')).toBe(`https://snowtrace.io/tx/0x${'1'.padStart(64, 'c')}`);
    expect(link.textContent).toBe(`0x${'c'.repeat(8)}…`);
  });

  it('pages through the exact total ten at a time', async () => {
    const backend = serveDeposits(23);
    renderPage(<DepositHistoryPage />, '/admin/deposit-history');
    const showing = () => screen.getByText(/^Showing /).textContent;
    await waitFor(() => expect(showing()).toBe('Showing 1 to 10 of 23 results'));

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(showing()).toBe('Showing 21 to 23 of 23 results'));
    const accounts = () => screen.getAllByRole('gridcell').filter((cell) => cell.getAttribute('data-field') === 'account');
    await waitFor(() => expect(accounts().map((cell) => cell.textContent)).toEqual(['First21 Last21', 'First22 Last22', 'First23 Last23']));
    expect(backend.pages).toEqual(['1/10', '3/10']);
    expect(screen.getByTestId('where').textContent).toBe('/admin/deposit-history?page=3');
  });

  it('says No deposits found when there are none', async () => {
    serveDeposits(0);
    renderPage(<DepositHistoryPage />, '/admin/deposit-history');
    // The column headers, then the empty text in place of rows.
    await waitFor(() => expect(screen.getByRole('grid').textContent).toBe('AccountDateAmount (USDC)Fee %Fee PaidTx HashNo deposits found'));
  });
});

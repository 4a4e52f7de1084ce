// @vitest-environment jsdom
import type { HistoryItemDto } from '@concierge/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderPage } from '../../../testing/render-page';
import { signedInForEachTest, stubBackend } from '../../../testing/stub-backend';
import TransactionHistoryPage from './transaction-history';

const HASH = `0x${'e'.repeat(64)}`;

function item(index: number, overrides: Partial<HistoryItemDto> = {}): HistoryItemDto {
  return { id: `t${index}`, type: 'Deposit', date: '2026-03-05T12:00:00.000Z', amount: index, asset: 'USDC', status: 'completed', txHash: null, ...overrides };
}

/** 12 transactions, served page by page as GET /wallets/transactions does. */
function serve(options: { fail?: boolean; empty?: boolean } = {}) {
  const all = options.empty
    ? []
    : [
        item(1, { type: 'Withdrawal', status: 'pending', amount: 1250.75 }),
        item(2, { txHash: HASH }),
        ...Array.from({ length: 10 }, (_, index) => item(index + 3)),
      ];
  return stubBackend(({ path }, url) => {
    if (path !== '/api/wallets/transactions') return undefined;
    if (options.fail) return json({ message: 'Service unavailable' }, 503);
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset'));
    return json({ transactions: all.slice(offset, offset + limit), total: all.length, limit, offset });
  });
}

signedInForEachTest();

const rows = () => within(screen.getByRole('grid', { name: 'Transaction history' })).getAllByRole('row').slice(1);

describe('transaction history', () => {
  it('lists deposits and withdrawals with type, amount, status badge and a linked short hash', async () => {
    serve();
    renderPage(<TransactionHistoryPage />, '/user/history');
    expect(screen.getByRole('status', { name: 'Loading transaction history' })).toBeTruthy();
    await screen.findByRole('grid', { name: 'Transaction history' });
    const [withdrawalRow, depositRow] = rows().map((row) => within(row));
    // Type, date, amount, asset, status, hash ("—" before one is known), actions.
    expect(withdrawalRow?.getAllByRole('gridcell').map((cell) => cell.textContent)).toEqual(['Withdrawal', 'Mar 5, 2026', '1,250.75', 'USDC', 'Pending', '—', 'Cancel']);
    const link = depositRow?.getByRole('link');
    expect(link?.textContent).toBe(`${HASH.slice(0, 10)}…`);
    expect(link?.getAttribute('href')).toBe(`https://snowtrace.io/tx/${HASH}`);
    expect(depositRow?.getAllByRole('gridcell').map((cell) => cell.textContent)).toEqual(['Deposit', 'Mar 5, 2026', '2', 'USDC', 'Completed', `${HASH.slice(0, 10)}…`, '']);
  });

  it('pages through the history with the server total', async () => {
    const sent = serve();
    renderPage(<TransactionHistoryPage />, '/user/history');
    await screen.findByRole('grid', { name: 'Transaction history' });
    expect(rows()).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(screen.getByText(/ of 12$/).textContent).toBe('11–12 of 12'));
    // The first page stays on screen until the second arrives.
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(sent.map((request) => request.path)).toEqual(['/api/wallets/transactions', '/api/wallets/transactions']);
  });

  it('says when there is nothing yet', async () => {
    serve({ empty: true });
    renderPage(<TransactionHistoryPage />, '/user/history');
    const table = () => screen.getByRole('grid', { name: 'Transaction history' });
    // The column headers, then the empty text in place of rows.
    await waitFor(() => expect(table().textContent).toBe('TypeDateAmountAssetStatusTx HashActionsNo transactions yet. Deposits and withdrawals appear here once you make them.'));
  });

  it('says when the history cannot be loaded', async () => {
    serve({ fail: true });
    renderPage(<TransactionHistoryPage />, '/user/history');
    expect((await screen.findAllByText('Failed to load transaction history.')).length).toBeGreaterThan(0);
  });
});

// @vitest-environment jsdom
import type { HistoryItemDto } from '@concierge/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderPage } from '../../../testing/render-page';
import { signedInForEachTest, stubBackend } from '../../../testing/stub-backend';
import { toastVariant } from '../../../testing/read-page';
import TransactionHistoryPage from './transaction-history';
import { stubPhoneWidth } from '../../../testing/phone-width';

function item(id: string, overrides: Partial<HistoryItemDto>): HistoryItemDto {
  return { id, type: 'Withdrawal', date: '2026-03-05T12:00:00.000Z', amount: 10, asset: 'USDC', status: 'pending', txHash: null, ...overrides };
}

/**
 * A pending withdrawal, a completed one and a deposit. The cancel endpoint answers `cancel`
 * (accepted by default); once it accepts, the history shows the withdrawal as cancelled.
 */
function serve(cancel: () => Response = () => json({ message: 'Withdrawal request cancelled.', status: 'cancelled', position: '7' })) {
  let cancelled = false;
  return stubBackend(({ method, path }) => {
    if (method === 'GET' && path === '/api/wallets/transactions') {
      const transactions = [
        item('w-pending', { amount: 1250.75, status: cancelled ? 'cancelled' : 'pending' }),
        item('w-done', { status: 'completed', txHash: `0x${'e'.repeat(64)}` }),
        item('d-1', { type: 'Deposit', status: 'completed' }),
      ];
      return json({ transactions, total: transactions.length, limit: 10, offset: 0 });
    }
    if (method === 'POST' && path === '/api/withdrawals/w-pending/cancel') {
      const reply = cancel();
      cancelled ||= reply.ok;
      return reply;
    }
    return undefined;
  });
}

signedInForEachTest();

async function historyRows() {
  const table = await screen.findByRole('grid', { name: 'Transaction history' });
  return within(table).getAllByRole('row').slice(1);
}

const cancelPosts = (sent: { method: string; path: string }[]) => sent.filter((request) => request.method === 'POST');

async function openAndConfirm() {
  const [pendingRow] = await historyRows();
  fireEvent.click(within(pendingRow as HTMLElement).getByRole('button', { name: 'Cancel' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel withdrawal' });
  expect(within(dialog).getAllByRole('paragraph').map((line) => line.textContent)).toEqual(['Cancel this withdrawal request? The amount becomes available again.', '1,250.75 USDC, requested Mar 5, 2026']);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel withdrawal' }));
}

describe('cancelling a pending withdrawal from transaction history', () => {
  it('offers Cancel only on a pending withdrawal, not on completed ones or deposits', async () => {
    serve();
    renderPage(<TransactionHistoryPage />, '/user/history');
    const [pending, completed, deposit] = await historyRows();
    expect(within(pending as HTMLElement).queryByRole('button', { name: 'Cancel' })).not.toBeNull();
    expect(within(completed as HTMLElement).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(deposit as HTMLElement).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('after confirmation posts to the withdrawal own cancel path, says so and refreshes the row', async () => {
    const sent = serve();
    renderPage(<TransactionHistoryPage />, '/user/history');
    await openAndConfirm();
    expect(await toastVariant('Withdrawal request cancelled.')).toBe('success');
    expect(cancelPosts(sent).map((request) => request.path)).toEqual(['/api/withdrawals/w-pending/cancel']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The history is fetched again and the withdrawal now reads Cancelled, with nothing left to cancel.
    await waitFor(async () => expect(within((await historyRows())[0] as HTMLElement).queryByText('Cancelled')).not.toBeNull());
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('sends nothing when the member keeps the request', async () => {
    const sent = serve();
    renderPage(<TransactionHistoryPage />, '/user/history');
    const [pendingRow] = await historyRows();
    fireEvent.click(within(pendingRow as HTMLElement).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancelPosts(sent)).toEqual([]);
    const status = within(pendingRow as HTMLElement).getAllByRole('gridcell').find((cell) => cell.getAttribute('data-field') === 'status');
    expect(status?.textContent).toBe('Pending');
  });

  it('shows the server message when the withdrawal can no longer be cancelled', async () => {
    serve(() => json({ message: 'This withdrawal is already approved and can no longer be cancelled.' }, 409));
    renderPage(<TransactionHistoryPage />, '/user/history');
    await openAndConfirm();
    expect(await toastVariant('This withdrawal is already approved and can no longer be cancelled.')).toBe('error');
    expect(screen.queryByText('Withdrawal request cancelled.')).toBeNull();
  });

  it('falls back to its own text when the server gives no message', async () => {
    serve(() => new Response('', { status: 502 }));
    renderPage(<TransactionHistoryPage />, '/user/history');
    await openAndConfirm();
    expect(await toastVariant('Failed to cancel withdrawal request.')).toBe('error');
  });

  it('offers Cancel on the pending card on a phone', async () => {
    stubPhoneWidth();
    const sent = serve();
    renderPage(<TransactionHistoryPage />, '/user/history');
    // On a phone each row of the grid is one card, and the header row is not shown.
    const cards = within(await screen.findByRole('grid', { name: 'Transaction history' })).getAllByRole('row');
    expect(cards.map((card) => within(card).queryAllByRole('button', { name: 'Cancel' }).length)).toEqual([1, 0, 0]);
    fireEvent.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel withdrawal' }));
    expect(await toastVariant('Withdrawal request cancelled.')).toBe('success');
    expect(cancelPosts(sent).map((request) => request.path)).toEqual(['/api/withdrawals/w-pending/cancel']);
  });
});

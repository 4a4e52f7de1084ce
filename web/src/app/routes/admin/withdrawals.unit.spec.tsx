// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WithdrawalDto, WithdrawalStatus } from '@concierge/contracts';
import { json, renderPage } from '../../../testing/render-page';
import { toastVariant } from '../../../testing/read-page';
import WithdrawalManagementPage from './withdrawals';

const HASH = `0x${'ab'.repeat(32)}`;

function withdrawal(index: number, status: WithdrawalStatus): WithdrawalDto {
  const id = `w-${index}`;
  return {
    _id: id,
    id,
    userId: { _id: `u-${index}`, firstName: `First${index}`, lastName: `Last${index}`, email: `member${index}@example.com` },
    amount: 12.345678,
    asset: 'USDC',
    status,
    requestedAt: '2026-02-03T10:00:00.000Z',
    createdAt: '2026-02-03T10:00:00.000Z',
    updatedAt: '2026-02-03T10:00:00.000Z',
    withdrawalAddressId: { _id: `a-${index}`, label: 'Main', address: `0x${'1234567890'.repeat(4)}`, network: 'Avalanche' },
    transactionHash: status === 'completed' ? HASH : null,
    rejectionReason: null,
    approvedAt: null,
    completedAt: null,
    settlement: null,
  };
}

type Options = { rows?: WithdrawalDto[]; total?: number; listStatus?: number; processStatus?: number };

/** The query and command APIs behind `fetch`: every list request and process body is recorded. */
function serveBackend({ rows = [], total = rows.length, listStatus = 200, processStatus = 200 }: Options = {}) {
  const listQueries: URLSearchParams[] = [];
  const processed: { id: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const process = /^\/api\/withdrawals\/admin\/requests\/([^/]+)\/process$/.exec(url.pathname);
      if (process && init?.method === 'POST') {
        processed.push({ id: process[1] ?? '', body: JSON.parse(String(init.body)) });
        if (processStatus !== 200) return json({ message: 'This withdrawal is no longer pending' }, processStatus);
        return json({ message: 'ok', status: 'approved', position: null });
      }
      if (url.pathname === '/api/withdrawals/admin/requests') {
        listQueries.push(url.searchParams);
        if (listStatus !== 200) return json({ message: 'Boom' }, listStatus);
        return new Response(JSON.stringify(rows), { headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) } });
      }
      if (url.pathname === '/api/users/stats') {
        return json({
          data: {
            users: { total: 1, pendingApproval: 0, approved: 1 },
            withdrawals: { pending: 3, completed: 7, amounts: { completed: 1234.5 } },
            summary: { activeUsers: 1 },
          },
        });
      }
      return json({ message: 'Not found' }, 404);
    }),
  );
  return { listQueries, processed, lastQuery: () => Object.fromEntries(listQueries.at(-1) ?? []) };
}

const rowOf = (name: string) => {
  const row = screen.getByText(name).closest<HTMLElement>('[role="row"]');
  if (row === null) throw new Error(`no row for ${name}`);
  return within(row);
};
/** The text of one column (its `data-field`) in a member's row. */
const cellOf = (name: string, field: string) => rowOf(name).getAllByRole('gridcell').find((cell) => cell.getAttribute('data-field') === field)?.textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Withdrawal Management', () => {
  it('presets the status filter from ?status= and shows the exact total and the cards', async () => {
    const backend = serveBackend({ rows: [withdrawal(1, 'pending')], total: 23 });
    renderPage(<WithdrawalManagementPage />, '/admin/withdrawals?status=pending');

    await waitFor(() => expect(screen.getByText(/^Total: /).textContent).toBe('Total: 23 withdrawals'));
    expect(backend.lastQuery()).toEqual({ page: '1', limit: '10', status: 'pending' });
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Pending');
    expect(screen.getByText(/^Showing /).textContent).toBe('Showing 1 to 10 of 23 results');
    await waitFor(() => expect(screen.getByText('Total Withdrawn (USDC)').nextElementSibling?.textContent).toBe('1,234.5'));
    expect(screen.getByText('Total Completed').nextElementSibling?.textContent).toBe('7');
  });

  it('applies status and search on Enter and on Apply, and Reset clears them', async () => {
    const backend = serveBackend({ rows: [withdrawal(1, 'completed')] });
    renderPage(<WithdrawalManagementPage />, '/admin/withdrawals');
    await screen.findByText('First1 Last1');
    expect(backend.lastQuery()).toEqual({ page: '1', limit: '10' });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Completed' }));
    const search = screen.getByRole('searchbox', { name: 'Search by user or address' });
    fireEvent.change(search, { target: { value: '  ann  ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(backend.lastQuery()).toEqual({ page: '1', limit: '10', status: 'completed', search: 'ann' }));
    expect(screen.getByTestId('where').textContent).toBe('/admin/withdrawals?status=completed&search=ann');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by user or address' }), { target: { value: '0x1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(backend.lastQuery()).toEqual({ page: '1', limit: '10', status: 'completed', search: '0x1234' }));

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(backend.lastQuery()).toEqual({ page: '1', limit: '10' }));
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search by user or address' }).value).toBe('');
  });

  it('offers Approve/Reject for pending, Complete/Cancel for approved and nothing for final statuses', async () => {
    const statuses: WithdrawalStatus[] = ['pending', 'approved', 'completed', 'cancelled', 'rejected'];
    serveBackend({ rows: statuses.map((status, index) => withdrawal(index, status)) });
    renderPage(<WithdrawalManagementPage />, '/admin/withdrawals');
    await screen.findByText('First0 Last0');

    const buttonsOf = (name: string) => rowOf(name).queryAllByRole('button').map((button) => button.textContent);
    expect(buttonsOf('First0 Last0')).toEqual(['Approve', 'Reject']);
    expect(buttonsOf('First1 Last1')).toEqual(['Complete', 'Cancel']);
    expect(buttonsOf('First2 Last2')).toEqual([]);
    expect(buttonsOf('First3 Last3')).toEqual([]);
    expect(buttonsOf('First4 Last4')).toEqual([]);

    const link = rowOf('First2 Last2').getByRole('link');
    expect(link.textContent).toBe(HASH.slice(0, 10) + '…');
    expect(link.getAttribute('href')).toBe(`https://snowtrace.io/tx/${HASH}`);
    expect(rowOf('First2 Last2').getAllByText('0x1234…7890').length).toBeGreaterThan(0);
  });

  it('approves a pending withdrawal and says Withdrawal approved', async () => {
    const backend = serveBackend({ rows: [withdrawal(1, 'pending')] });
    renderPage(<WithdrawalManagementPage />, '/admin/withdrawals');
    await screen.findByText('First1 Last1');

    fireEvent.click(rowOf('First1 Last1').getByRole('button', { name: 'Approve' }));
    expect(await toastVariant('Withdrawal approved')).toBe('success');
    expect(backend.processed).toEqual([{ id: 'w-1', body: { action: 'approve' } }]);
  });

  it('keeps Reject disabled while the reason is blank, then sends the trimmed reason', async () => {
    const backend = serveBackend({ rows: [withdrawal(1, 'pending')] });
    renderPage(<WithdrawalManagementPage />, '/admin/withdrawals');
    await screen.findByText('First1 Last1');

    fireEvent.click(rowOf('First1 Last1').getByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog'));
    const confirm = dialog.getByRole<HTMLButtonElement>('button', { name: 'Reject' });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(dialog.getByRole('textbox', { name: /Rejection reason/ }), { target: { value: '   ' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.submit(confirm.closest('form') as HTMLFormElement);
    expect(backend.processed).toEqual([]);

    fireEvent.change(dialog.getByRole('textbox', { name: /Rejection reason/ }), { target: { value: ' Address is on a sanctions list ' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(await toastVariant('Withdrawal rejected')).toBe('success');
    expect(backend.processed).toEqual([{ id: 'w-1', body: { action: 'reject', rejectionReason: 'Address is on a sanctions list' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps Complete disabled while the hash is blank and stays open with the server message on a refusal', async () => {
    const backend = serveBackend({ rows: [withdrawal(1, 'approved')], processStatus: 409 });
    renderPage(<WithdrawalManagementPage />, '/admin/withdrawals');
    await screen.findByText('First1 Last1');

    fireEvent.click(rowOf('First1 Last1').getByRole('button', { name: 'Complete' }));
    const dialog = within(await screen.findByRole('dialog'));
    const confirm = dialog.getByRole<HTMLButtonElement>('button', { name: 'Complete' });
    expect(confirm.disabled).toBe(true);

    fireEvent.change(dialog.getByRole('textbox', { name: /Transaction hash/ }), { target: { value: HASH } });
    fireEvent.click(confirm);
    expect(await toastVariant('This withdrawal is no longer pending')).toBe('error');
    expect(backend.processed).toEqual([{ id: 'w-1', body: { action: 'complete', transactionHash: HASH } }]);
    // Still open, with the hash as typed.
    expect(dialog.getByRole('textbox', { name: /Transaction hash/ })).toHaveProperty('value', HASH);
  });

  it('cancels an approved withdrawal, the reason being optional', async () => {
    const backend = serveBackend({ rows: [withdrawal(1, 'approved'), withdrawal(2, 'approved')] });
    renderPage(<WithdrawalManagementPage />, '/admin/withdrawals');
    await screen.findByText('First1 Last1');

    fireEvent.click(rowOf('First1 Last1').getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel Withdrawal' }));
    expect(await toastVariant('Withdrawal cancelled')).toBe('success');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(rowOf('First2 Last2').getByRole('button', { name: 'Cancel' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Member asked to stop it' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel Withdrawal' }));
    await waitFor(() => expect(backend.processed).toHaveLength(2));
    expect(backend.processed).toEqual([
      { id: 'w-1', body: { action: 'cancel' } },
      { id: 'w-2', body: { action: 'cancel', reason: 'Member asked to stop it' } },
    ]);
  });

  it('shows a reverted payout as failed with its reason, and offers Retry (a new payout) or Reject', async () => {
    const reason = `The payout reverted on chain, so nothing was paid (e.g. the hot wallet lacked USDC); retry it or reject the withdrawal. Transaction ${HASH}.`;
    const failed = { ...withdrawal(1, 'approved'), payout: { stage: 'failed', transactionHash: HASH, reason, retryable: false, at: '2026-02-03T11:00:00.000Z' } } as const;
    const backend = serveBackend({ rows: [failed] });
    renderPage(<WithdrawalManagementPage />, '/admin/withdrawals');
    await screen.findByText('First1 Last1');

    expect(cellOf('First1 Last1', 'status')).toBe(`Payout failed${reason}`);
    expect(rowOf('First1 Last1').queryAllByRole('button').map((button) => button.textContent)).toEqual(['Retry', 'Reject']);
    fireEvent.click(rowOf('First1 Last1').getByRole('button', { name: 'Retry' }));
    expect(await toastVariant('A new payout will be sent')).toBe('success');
    expect(backend.processed).toEqual([{ id: 'w-1', body: { action: 'retry' } }]);

    fireEvent.click(rowOf('First1 Last1').getByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByRole('textbox', { name: /Rejection reason/ }), { target: { value: 'Paid by bank transfer' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(backend.processed).toHaveLength(2));
    expect(backend.processed[1]).toEqual({ id: 'w-1', body: { action: 'reject', rejectionReason: 'Paid by bank transfer' } });
  });

  it('shows a payout past the fee ceiling as delayed with the reason, and offers nothing that could pay twice', async () => {
    const reason = "The network's base fee (412.5 gwei per gas) is above this payout's fee cap (95 gwei), and outbidding it would pass SETTLEMENT_MAX_FEE_GWEI (100 gwei).";
    const delayed = { ...withdrawal(1, 'approved'), payout: { stage: 'delayed', transactionHash: HASH, reason, retryable: null, at: '2026-02-03T11:00:00.000Z' } } as const;
    const paying = { ...withdrawal(2, 'approved'), payout: { stage: 'replaced', transactionHash: HASH, reason: null, retryable: null, at: '2026-02-03T11:00:00.000Z' } } as const;
    serveBackend({ rows: [delayed, paying, { ...withdrawal(3, 'approved'), payout: null }] });
    renderPage(<WithdrawalManagementPage />, '/admin/withdrawals');
    await screen.findByText('First1 Last1');

    expect(cellOf('First1 Last1', 'status')).toBe(`Payout delayed${reason}`);
    expect(rowOf('First1 Last1').queryAllByRole('button')).toEqual([]);
    expect(cellOf('First2 Last2', 'status')).toBe('Fee raised');
    expect(rowOf('First2 Last2').queryAllByRole('button')).toEqual([]);
    expect(cellOf('First3 Last3', 'status')).toBe('Approved');
    expect(rowOf('First3 Last3').queryAllByRole('button').map((button) => button.textContent)).toEqual(['Complete', 'Cancel']);
  });

  it('shows No withdrawals found with the hint, and on a load failure only logs', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveBackend({ listStatus: 500 });
    renderPage(<WithdrawalManagementPage />, '/admin/withdrawals');

    // The column headers, then the empty text with its hint in place of rows.
    await waitFor(() => expect(screen.getByRole('grid').textContent).toBe('UserAmountAssetAddressStatusRequestedTx HashActionsNo withdrawals foundTry adjusting your filters'));
    expect(screen.getByText(/^Total: /).textContent).toBe('Total: 0 withdrawals');
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to load withdrawals', expect.anything()));
    expect(screen.queryByText('Boom')).toBeNull();
  });
});

// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StrategyGroupDto } from '@concierge/contracts';
import { json, renderPage } from '../../../testing/render-page';
import { signedInForEachTest, stubBackend, type Sent } from '../../../testing/stub-backend';
import { fieldError, toastVariant } from '../../../testing/read-page';
import StrategyManagerPage from './strategies';

function group(id: string, name: string, riskWeight: number, tokenSymbols: string[], extra: Partial<StrategyGroupDto> = {}): StrategyGroupDto {
  return {
    _id: id,
    id,
    name,
    displayName: '',
    description: '',
    color: '#22C55E',
    riskLevel: 'conservative',
    riskWeight,
    tokenSymbols,
    createdAt: '',
    updatedAt: '',
    ...extra,
  };
}

const STABLECOINS = group('stablecoins', 'stablecoins', 0.1, ['USDC', 'USDT', 'DAI'], { displayName: 'Stablecoins' });
const LARGE_CAPS = group('large-caps', 'largeCaps', 0.5, ['WETH', 'WBTC'], { displayName: 'Large Caps', color: '#3B82F6', riskLevel: 'moderate' });
const HELD_BY_STABLECOINS = 'Token symbol USDC is already listed by the strategy group stablecoins.';

type Options = { groups?: StrategyGroupDto[]; listAnswer?: () => Response; saveAnswer?: () => Response; deleteAnswer?: () => Response };

/** The strategy routes over an in-memory list: saves and deletes change what the next GET answers. */
function serve({ groups = [STABLECOINS, LARGE_CAPS], listAnswer, saveAnswer, deleteAnswer }: Options = {}): Sent[] {
  let stored = [...groups];
  return stubBackend(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/strategies') return listAnswer?.() ?? json(stored);
    const fields = body as Omit<StrategyGroupDto, '_id' | 'id' | 'createdAt' | 'updatedAt' | 'color' | 'riskLevel'>;
    const id = /^\/api\/strategies\/(.+)$/.exec(path)?.[1] ?? 'new-group';
    if ((method === 'POST' && path === '/api/strategies') || (method === 'PUT' && id !== 'new-group')) {
      const refused = saveAnswer?.();
      if (refused) return refused;
      const saved = group(id, fields.name, fields.riskWeight, fields.tokenSymbols, { displayName: fields.displayName, description: fields.description });
      stored = [...stored.filter((entry) => entry.id !== id), saved];
      return json({ message: 'Strategy group created or updated successfully.', strategy: saved, position: '1-1' });
    }
    if (method === 'DELETE') {
      const refused = deleteAnswer?.();
      if (refused) return refused;
      stored = stored.filter((entry) => entry.id !== id);
      return json({ message: 'Strategy group deleted successfully.', position: '1-2' });
    }
    return undefined;
  });
}

signedInForEachTest();

const table = () => screen.getByRole('grid', { name: 'Strategy groups' });
const form = () => within(screen.getByRole('form', { name: 'Strategy group' }));
const writes = (sent: Sent[]) => sent.filter((request) => request.method !== 'GET');
const type = (label: RegExp | string, value: string) => fireEvent.change(form().getByLabelText(label), { target: { value } });

async function renderManager() {
  renderPage(<StrategyManagerPage />, '/admin/strategies');
  await within(table()).findByText('Stablecoins');
}

describe('Strategy Manager', () => {
  it('lists the groups with their risk and their token symbols as chips', async () => {
    serve();
    await renderManager();
    const tokens = within(table()).getByRole('list', { name: 'Token symbols of stablecoins' });
    expect(within(tokens).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['USDC', 'USDT', 'DAI']);
    const risks = within(table()).getAllByRole('gridcell').filter((cell) => cell.getAttribute('data-field') === 'riskWeight');
    expect(risks.map((cell) => cell.textContent)).toEqual(['Conservative · 0.1', 'Moderate · 0.5']);
    const actions = within(table()).getAllByRole('button').map((button) => button.getAttribute('aria-label'));
    expect(actions).toEqual(['Edit stablecoins', 'Delete stablecoins', 'Edit largeCaps', 'Delete largeCaps']);
  });

  it('marks the symbols the token registry lacks, keeping them listed', async () => {
    serve({ groups: [STABLECOINS, { ...LARGE_CAPS, tokenSymbols: ['WETH', 'ZZZ'], unknownSymbols: ['ZZZ'] } as StrategyGroupDto] });
    await renderManager();
    const tokens = within(table()).getByRole('list', { name: 'Token symbols of largeCaps' });
    expect(within(tokens).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['WETH', 'ZZZ']);
    const names = within(tokens).getAllByRole('listitem').map((chip) => chip.getAttribute('aria-label'));
    expect(names).toEqual([null, 'ZZZ: Not in the token registry of this chain: holdings of it are not read or valued.']);
    expect(within(tokens).queryByLabelText(/^WETH:/)).toBeNull();
  });

  it('creates a group, sending the token symbols split, trimmed, upper-cased and without blanks', async () => {
    const sent = serve();
    await renderManager();
    type(/^Name/, 'defi');
    type('Display Name', 'DeFi');
    type(/Risk Weight/, '0.7');
    type(/Token Symbols/, ' uni, aave ,, link ,');
    type('Colour', '#a855f7');
    fireEvent.click(form().getByRole('button', { name: 'Create Strategy Group' }));

    expect(await toastVariant('Strategy group created or updated successfully.')).toBe('success');
    expect(writes(sent)).toEqual([
      {
        method: 'POST',
        path: '/api/strategies',
        body: { name: 'defi', displayName: 'DeFi', description: '', color: '#A855F7', riskWeight: 0.7, tokenSymbols: ['UNI', 'AAVE', 'LINK'] },
      },
    ]);
    await within(table()).findByText('DeFi');
  });

  it('says "Please fill out the form correctly." on an invalid submit and sends nothing', async () => {
    const sent = serve();
    await renderManager();
    type(/Risk Weight/, '0.25');
    type(/Token Symbols/, ' , ');
    fireEvent.click(form().getByRole('button', { name: 'Create Strategy Group' }));
    expect(await toastVariant('Please fill out the form correctly.')).toBe('error');
    expect(fieldError(form().getByLabelText(/^Name/))).toBe('Name is required');
    expect(fieldError(form().getByLabelText(/Risk Weight/))).toBe('Risk weight must be a number from 0 to 1 in steps of 0.1');
    expect(fieldError(form().getByLabelText(/Token Symbols/))).toBe('Token symbols are required');
    expect(writes(sent)).toEqual([]);
  });

  it("edits a group in the same form, filled, and shows the server's 409 naming the group that holds a token", async () => {
    const sent = serve({ saveAnswer: () => json({ message: HELD_BY_STABLECOINS }, 409) });
    await renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'Edit largeCaps' }));
    const edit = within(screen.getByRole('region', { name: 'Edit Strategy Group' }));
    expect(edit.getByLabelText<HTMLInputElement>(/^Name/).value).toBe('largeCaps');
    expect(edit.getByLabelText<HTMLInputElement>(/Token Symbols/).value).toBe('WETH, WBTC');
    expect(edit.getByLabelText<HTMLInputElement>('Colour').value).toBe('#3B82F6');
    fireEvent.change(edit.getByLabelText(/Token Symbols/), { target: { value: 'WETH, WBTC, usdc' } });
    fireEvent.click(edit.getByRole('button', { name: 'Update Strategy Group' }));

    expect(await toastVariant(HELD_BY_STABLECOINS)).toBe('error');
    expect(writes(sent)).toEqual([
      {
        method: 'PUT',
        path: '/api/strategies/large-caps',
        body: { name: 'largeCaps', displayName: 'Large Caps', description: '', color: '#3B82F6', riskLevel: 'moderate', riskWeight: 0.5, tokenSymbols: ['WETH', 'WBTC', 'USDC'] },
      },
    ]);
    // Still editing, so the admin can fix the list.
    expect(screen.getByRole('form', { name: 'Strategy group' }).closest('section')?.getAttribute('aria-label')).toBe('Edit Strategy Group');
    fireEvent.click(edit.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('form', { name: 'Strategy group' }).closest('section')?.getAttribute('aria-label')).toBe('Add Strategy Group');
  });

  it('deletes a group only after the confirmation', async () => {
    const sent = serve();
    await renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'Delete largeCaps' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getAllByRole('paragraph').map((line) => line.textContent)).toEqual(['Are you sure you want to delete this strategy group?', 'Large Caps']);
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(sent)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete largeCaps' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await toastVariant('Strategy group deleted successfully.')).toBe('success');
    expect(writes(sent)).toEqual([{ method: 'DELETE', path: '/api/strategies/large-caps', body: undefined }]);
    await waitFor(() => expect(within(table()).queryByText('Large Caps')).toBeNull());
  });

  it('says "Failed to delete strategy group." when the server gives no reason', async () => {
    serve({ deleteAnswer: () => new Response(null, { status: 500 }) });
    await renderManager();
    fireEvent.click(screen.getByRole('button', { name: 'Delete largeCaps' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await toastVariant('Failed to delete strategy group.')).toBe('error');
  });

  it('says "Failed to load strategy groups." when the list cannot load', async () => {
    serve({ listAnswer: () => json({}, 403) });
    renderPage(<StrategyManagerPage />, '/admin/strategies');
    expect(await toastVariant('Failed to load strategy groups.')).toBe('error');
  });

  it('shows the empty state when there is no group', async () => {
    serve({ groups: [] });
    renderPage(<StrategyManagerPage />, '/admin/strategies');
    // The column headers, then the empty text in place of rows.
    await waitFor(() => expect(table().textContent).toBe('Strategy GroupRiskToken SymbolsActionsNo strategy groups yet. Add the first one above.'));
  });
});

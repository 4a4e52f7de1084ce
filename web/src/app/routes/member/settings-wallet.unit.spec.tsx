// @vitest-environment jsdom
import type { WithdrawalAddressDto } from '@concierge/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { member, withdrawalAddress } from '../../../testing/fixtures';
import { json, renderPage } from '../../../testing/render-page';
import { signedInForEachTest, stubBackend } from '../../../testing/stub-backend';
import { fieldError, toastVariant } from '../../../testing/read-page';
import SettingsPage from './settings';

const PLATFORM_ADDRESS = `0x${'d'.repeat(40)}`;
const NEW_ADDRESS = `0x${'aB'.repeat(20)}`;

/** A member's withdrawal addresses behind `fetch` that add, edit, delete and set-primary really change. */
function serve(options: { failPrimary?: boolean } = {}) {
  let saved: WithdrawalAddressDto[] = [withdrawalAddress('a1', 'Ledger', true), withdrawalAddress('a2', 'Exchange', false, 'Polygon')];
  const sent = stubBackend(({ method, path, body }) => {
    if (path === '/api/auth/me') return json(member);
    if (path === '/api/wallets/info') return json({ address: PLATFORM_ADDRESS, totalValue: 0 });
    if (method === 'GET' && path === '/api/withdrawals/addresses') return json(saved);
    if (method === 'POST' && path === '/api/withdrawals/addresses') {
      const added = { ...withdrawalAddress('a3', '', false), ...(body as object) };
      saved = [...saved, added];
      return json({ ...added, message: 'Saved', position: '5-1' });
    }
    const one = /^\/api\/withdrawals\/addresses\/([^/]+)(\/set-primary)?$/.exec(path);
    if (one?.[1] && method === 'PUT') {
      saved = saved.map((entry) => (entry.id === one[1] ? { ...entry, ...(body as object) } : entry));
      return json({ ...saved.find((entry) => entry.id === one[1]), message: 'Updated', position: '6-1' });
    }
    if (one?.[1] && method === 'DELETE') {
      saved = saved.filter((entry) => entry.id !== one[1]);
      return json({ message: 'Deleted', position: '7-1' });
    }
    if (one?.[1] && one[2] && method === 'POST') {
      if (options.failPrimary) return json({ message: 'This address was deleted meanwhile' }, 404);
      saved = saved.map((entry) => ({ ...entry, isPrimary: entry.id === one[1] }));
      return json({ message: 'Primary set', position: '8-1' });
    }
    return undefined;
  });
  return { sent, saved: () => saved };
}

signedInForEachTest();

const openWallet = () => renderPage(<SettingsPage />, '/user/settings?tab=wallet');
const saved = () => within(screen.getByRole('list', { name: 'Saved withdrawal addresses' }));
const dialog = () => within(screen.getByRole('dialog'));

describe('settings wallet tab', () => {
  it('opens from ?tab=wallet with the platform address and the saved addresses, primary marked', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    serve();
    openWallet();
    const platformWallet = `Platform wallet addressSend USDC to this address to fund your account.${PLATFORM_ADDRESS}Copy`;
    await waitFor(() => expect(screen.getByRole('region', { name: 'Platform wallet address' }).textContent).toBe(platformWallet));
    expect(screen.getByRole('tab', { name: 'Wallet' }).getAttribute('aria-selected')).toBe('true');
    const [ledger, exchange] = saved().getAllByRole('listitem');
    // Label, the Primary mark, network, address, then the actions (no Set primary for the primary one).
    expect(ledger?.textContent).toBe(`LedgerPrimaryAvalanche0x${'a1'.padStart(40, '0')}EditDelete`);
    expect(exchange?.textContent).toBe(`ExchangePolygon0x${'a2'.padStart(40, '0')}Set primaryEditDelete`);
    expect(within(exchange as HTMLElement).queryByText('Primary')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await toastVariant('Platform wallet address copied.')).toBe('success');
    expect(writeText).toHaveBeenCalledWith(PLATFORM_ADDRESS);
  });

  it('keeps Save disabled until the label and the EVM address are valid, then saves on Avalanche by default', async () => {
    const { sent } = serve();
    openWallet();
    fireEvent.click(await screen.findByRole('button', { name: 'Add address' }));
    const save = () => dialog().getByRole('button', { name: 'Save' });
    expect(save()).toHaveProperty('disabled', true);
    expect(dialog().getByRole('combobox', { name: 'Network' }).textContent).toBe('Avalanche');
    expect(dialog().getByRole('note').textContent).toMatch(/cannot be recovered/);

    fireEvent.blur(dialog().getByLabelText('Label'));
    expect(fieldError(dialog().getByLabelText('Label'))).toBe('Label is required');
    fireEvent.change(dialog().getByLabelText('Label'), { target: { value: 'Cold wallet' } });
    fireEvent.change(dialog().getByLabelText('Address'), { target: { value: '0x1234' } });
    fireEvent.blur(dialog().getByLabelText('Address'));
    expect(fieldError(dialog().getByLabelText('Address'))).toBe('Please enter a valid EVM address');
    expect(save()).toHaveProperty('disabled', true);
    // 41 hex characters is one too many.
    fireEvent.change(dialog().getByLabelText('Address'), { target: { value: `${NEW_ADDRESS}0` } });
    expect(save()).toHaveProperty('disabled', true);

    fireEvent.change(dialog().getByLabelText('Address'), { target: { value: NEW_ADDRESS } });
    expect(dialog().queryByText('Please enter a valid EVM address')).toBeNull();
    fireEvent.click(save());
    expect(await toastVariant('Address saved successfully.')).toBe('success');
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ label: 'Cold wallet', address: NEW_ADDRESS, network: 'Avalanche' });
    await waitFor(() => expect(saved().getAllByRole('listitem')[2]?.textContent).toBe(`Cold walletAvalanche${NEW_ADDRESS}Set primaryEditDelete`));
  });

  it('edits an address starting from its saved values', async () => {
    const { sent, saved } = serve();
    openWallet();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Exchange' }));
    expect(dialog().getByLabelText('Label')).toHaveProperty('value', 'Exchange');
    expect(dialog().getByRole('combobox', { name: 'Network' }).textContent).toBe('Polygon');
    fireEvent.change(dialog().getByLabelText('Label'), { target: { value: 'Exchange (Polygon)' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    expect(await toastVariant('Address updated successfully.')).toBe('success');
    expect(sent.find((request) => request.method === 'PUT')?.path).toBe('/api/withdrawals/addresses/a2');
    expect(saved().find((entry) => entry.id === 'a2')?.label).toBe('Exchange (Polygon)');
  });

  it('deletes an address only after the confirmation', async () => {
    const { sent, saved } = serve();
    openWallet();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Exchange' }));
    expect(dialog().getAllByRole('paragraph').map((line) => line.textContent)).toEqual(['Are you sure you want to delete this address?', `Exchange: 0x${'a2'.padStart(40, '0')}`]);
    fireEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Exchange' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Delete' }));
    expect(await toastVariant('Address deleted.')).toBe('success');
    expect(saved().map((entry) => entry.id)).toEqual(['a1']);
    await waitFor(() => expect(screen.queryByText('Exchange')).toBeNull());
  });

  it('sets the primary address, and shows the server reason when it cannot', async () => {
    serve();
    openWallet();
    fireEvent.click(await screen.findByRole('button', { name: 'Set Exchange as primary' }));
    expect(await toastVariant('Primary withdrawal address updated.')).toBe('success');
    // The mark moves from Ledger to Exchange.
    await waitFor(() => expect(saved().getAllByRole('listitem').map((item) => within(item).queryByText('Primary') !== null)).toEqual([false, true]));
    cleanup();
    vi.unstubAllGlobals();

    serve({ failPrimary: true });
    openWallet();
    fireEvent.click(await screen.findByRole('button', { name: 'Set Exchange as primary' }));
    expect(await toastVariant('This address was deleted meanwhile')).toBe('error');
  });
});

// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member } from '../../../testing/fixtures';
import { json, renderPage } from '../../../testing/render-page';
import { signedInForEachTest, stubBackend } from '../../../testing/stub-backend';
import { fieldError, toastVariant } from '../../../testing/read-page';
import SettingsPage from './settings';

function serve(options: { failPassword?: boolean } = {}) {
  let me = member;
  return stubBackend(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/auth/me') return json(me);
    if (method === 'GET' && path === '/api/wallets/info') return json({ address: null, totalValue: 0 });
    if (method === 'GET' && path === '/api/withdrawals/addresses') return json([]);
    if (method === 'PUT' && path === '/api/users/profile') {
      me = { ...me, ...(body as { firstName: string; lastName: string }) };
      return json({ message: 'Profile updated', position: '7-1' });
    }
    if (method === 'POST' && path === '/api/auth/logout-everywhere') return json({ message: 'You have been signed out on every device.', position: '9-1' });
    if (method === 'POST' && path === '/api/auth/logout') return json({ message: 'You have been signed out.', position: null });
    if (method === 'PUT' && path === '/api/users/password') {
      return options.failPassword ? json({ message: 'Current password is incorrect' }, 400) : json({ message: 'ok', position: '8-1', token: 't2', refreshToken: 's.r2' });
    }
    return undefined;
  });
}

signedInForEachTest();

const save = () => screen.getByRole('button', { name: 'Save Changes' });

describe('member settings', () => {
  it('shows a spinner, then the profile with a read-only email', async () => {
    serve();
    renderPage(<SettingsPage />, '/user/settings');
    expect(screen.getByRole('progressbar').getAttribute('aria-label')).toBe('Loading settings');
    expect(await screen.findByLabelText('First name')).toHaveProperty('value', 'Ada');
    expect(screen.getByLabelText('Email')).toHaveProperty('disabled', true);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Profile', 'Security', 'Wallet']);
  });

  it('enables Save only for a valid change, then saves it', async () => {
    const sent = serve();
    renderPage(<SettingsPage />, '/user/settings');
    const firstName = await screen.findByLabelText('First name');
    expect(save()).toHaveProperty('disabled', true);
    fireEvent.change(firstName, { target: { value: '' } });
    expect(save()).toHaveProperty('disabled', true);
    fireEvent.change(firstName, { target: { value: 'Augusta' } });
    expect(save()).toHaveProperty('disabled', false);
    fireEvent.click(save());
    expect(await toastVariant('Profile updated successfully.')).toBe('success');
    expect(sent.find((call) => call.method === 'PUT')?.body).toEqual({ firstName: 'Augusta', lastName: 'Lovelace', email: 'ada@example.com' });
    await waitFor(() => expect(save()).toHaveProperty('disabled', true));
  });

  it('changes the password only when the new ones match', async () => {
    const sent = serve();
    renderPage(<SettingsPage />, '/user/settings');
    fireEvent.click(await screen.findByRole('tab', { name: 'Security' }));
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Engine1843' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Analytical1' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'Analytical2' } });
    fireEvent.blur(screen.getByLabelText('Confirm new password'));
    expect(fieldError(screen.getByLabelText('Confirm new password'))).toBe('Passwords do not match');
    const change = screen.getByRole('button', { name: 'Change Password' });
    expect(change).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'Analytical1' } });
    fireEvent.click(change);
    expect(await toastVariant('Password changed successfully.')).toBe('success');
    // The old sessions end with the change: this device keeps the new pair the answer carries.
    expect(localStorage.getItem('auth-token')).toBe('t2');
    expect(localStorage.getItem('auth-refresh-token')).toBe('s.r2');
    expect(sent.find((call) => call.path === '/api/users/password')?.body).toEqual({
      currentPassword: 'Engine1843',
      newPassword: 'Analytical1',
      confirmPassword: 'Analytical1',
    });
  });

  it("shows the server's reason when the password change is refused", async () => {
    serve({ failPassword: true });
    renderPage(<SettingsPage />, '/user/settings');
    fireEvent.click(await screen.findByRole('tab', { name: 'Security' }));
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'wrong' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Analytical1' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'Analytical1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await toastVariant('Current password is incorrect')).toBe('error');
  });

  it('signs the account out on every device, then leaves this one signed out too', async () => {
    const sent = serve();
    renderPage(<SettingsPage />, '/user/settings');
    fireEvent.click(await screen.findByRole('tab', { name: 'Security' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await toastVariant('You have been signed out on every device.')).toBe('success');
    expect(sent.some((call) => call.method === 'POST' && call.path === '/api/auth/logout-everywhere')).toBe(true);
    await waitFor(() => expect(localStorage.getItem('auth-token')).toBeNull());
  });
});

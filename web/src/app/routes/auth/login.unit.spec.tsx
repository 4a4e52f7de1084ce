// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderPage } from '../../../testing/render-page';
import LoginPage from './login';

const user = (role: 'user' | 'admin') => ({
  _id: 'u1',
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  role,
  status: 'approved',
  walletAddress: null,
  subscriptionPlan: null,
  primaryWithdrawalAddress: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function signIn(path = '/login') {
  renderPage(<LoginPage />, path);
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Engine1843' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('login', () => {
  it('names the missing fields instead of sending', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<LoginPage />, '/login');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@' } });
    expect(screen.getByText('Please enter a valid email')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stores the session and takes a member to the page they asked for', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ token: 't1', refreshToken: 's.r1', user: user('user'), position: null })));
    signIn('/login?returnUrl=%2Fuser%2Fsettings');
    expect(await screen.findByText('Login successful')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/user/settings'));
    expect(localStorage.getItem('auth-token')).toBe('t1');
    expect(localStorage.getItem('auth-refresh-token')).toBe('s.r1');
    expect(JSON.parse(localStorage.getItem('auth-user') ?? '{}')).toMatchObject({ id: 'u1', email: 'ada@example.com', role: 'user' });
  });

  it('takes an admin to the admin dashboard', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ token: 't1', refreshToken: 's.r1', user: user('admin'), position: null })));
    signIn('/login?returnUrl=%2Fuser%2Fsettings');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/dashboard'));
  });

  it('tells a pending member to wait for approval', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ status: 'pending', message: 'Account pending' }, 403)));
    signIn();
    expect(await screen.findByText("Your account is pending approval. You'll receive an email once your account is approved.")).toBeTruthy();
    expect(localStorage.getItem('auth-token')).toBeNull();
  });

  it("shows the server's message, or the default text without one", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ message: 'Invalid email or password' }, 401)));
    signIn();
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    cleanup();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 502 })));
    signIn();
    expect(await screen.findByText('An error occurred during login')).toBeTruthy();
  });
});

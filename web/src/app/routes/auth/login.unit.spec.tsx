// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderPage } from '../../../testing/render-page';
import { fieldError, toastVariant } from '../../../testing/read-page';
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
    expect(fieldError(screen.getByLabelText('Email'))).toBe('Email is required');
    expect(fieldError(screen.getByLabelText('Password'))).toBe('Password is required');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@' } });
    expect(fieldError(screen.getByLabelText('Email'))).toBe('Please enter a valid email');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stores the session and takes a member to the page they asked for', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ token: 't1', refreshToken: 's.r1', user: user('user'), position: null })));
    signIn('/login?returnUrl=%2Fuser%2Fsettings');
    expect(await toastVariant('Login successful')).toBe('success');
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
    expect(await toastVariant("Your account is pending approval. You'll receive an email once your account is approved.")).toBe('warning');
    expect(localStorage.getItem('auth-token')).toBeNull();
  });

  it("shows the server's message, or the default text without one", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ message: 'Invalid email or password' }, 401)));
    signIn();
    expect(await toastVariant('Invalid email or password')).toBe('error');
    cleanup();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 502 })));
    signIn();
    expect(await toastVariant('An error occurred during login')).toBe('error');
  });
});

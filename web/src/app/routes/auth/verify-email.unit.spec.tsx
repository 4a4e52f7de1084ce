// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderPage } from '../../../testing/render-page';
import VerifyEmailPage, { MISSING_LINK_MESSAGE } from './verify-email';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('email confirmation page', () => {
  it('confirms the email of the link once and says what happens next', async () => {
    const fetchMock = vi.fn(async () => json({ message: 'Your email address is confirmed. An administrator will now review your registration.', position: '3-1' }));
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<VerifyEmailPage />, '/verify-email?token=u-1.secret-secret-secret');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Email confirmed'));
    expect(screen.getAllByRole('paragraph').map((line) => line.textContent)).toEqual([
      'Your email address is confirmed. An administrator will now review your registration.',
      'You will receive an email once your account is approved.',
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/verify-email');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ token: 'u-1.secret-secret-secret' });
  });

  it("shows the server's reason for a link that no longer works, with a way to register again", async () => {
    const reason = 'This confirmation link is invalid or has expired. Register again with the same email to receive a new one.';
    vi.stubGlobal('fetch', vi.fn(async () => json({ message: reason }, 400)));
    renderPage(<VerifyEmailPage />, '/verify-email?token=u-1.old-old-old-old-old');
    expect((await screen.findByRole('alert')).textContent).toBe(reason);
    expect(screen.getByRole('link', { name: 'Register again' }).getAttribute('href')).toBe('/register');
  });

  it('says so when the link lost its token, without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<VerifyEmailPage />, '/verify-email');
    expect((await screen.findByRole('alert')).textContent).toBe(MISSING_LINK_MESSAGE);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

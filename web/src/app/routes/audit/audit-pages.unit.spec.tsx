// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderPage } from '../../../testing/render-page';
import { AppRoutes } from '../../router';

const auditor = { id: 'aud-1', firstName: 'Ida', lastName: 'Auditor', email: 'ida@example.com', role: 'auditor', status: 'approved' } as const;
const member = { ...auditor, id: 'u1', role: 'user' } as const;
const LAZY_PAGES = { timeout: 8000 };
const where = () => screen.getByTestId('where').textContent;

function signIn(user: typeof auditor | typeof member) {
  localStorage.setItem('auth-token', 'token');
  localStorage.setItem('auth-refresh-token', 'refresh');
  localStorage.setItem('auth-user', JSON.stringify(user));
}

const stream = {
  streamId: 'account-u1',
  lastRevision: 1,
  events: [
    {
      id: 'e0',
      type: 'DepositRecorded',
      streamId: 'account-u1',
      revision: 0,
      position: '10-10',
      recordedAt: '2026-05-01T09:00:00.000Z',
      actor: null,
      correlationId: null,
      causationId: null,
      occurredAt: null,
      data: { amountMicro: '250123456' },
      metadata: {},
    },
    {
      id: 'e1',
      type: 'WithdrawalRequested',
      streamId: 'account-u1',
      revision: 1,
      position: '12-12',
      recordedAt: '2026-05-01T09:05:00.000Z',
      actor: { type: 'user', userId: 'u1', role: 'user' },
      correlationId: 'req-42',
      causationId: 'req-42',
      occurredAt: '2026-05-01T09:05:00.000Z',
      data: { amountMicro: '1000000' },
      metadata: { correlationId: 'req-42' },
    },
  ],
};

const streams = {
  streams: [{ streamId: 'account-u1', category: 'account', eventCount: 2, lastRevision: 1, lastEventType: 'WithdrawalRequested', lastEventAt: '2026-05-01T09:05:00.000Z', lastPosition: '12-12' }],
  total: 1,
  page: 1,
  limit: 25,
  categories: { account: 1, user: 3 },
};

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/audit/streams/')) return json(stream);
      if (url.includes('/audit/streams')) return json(streams);
      return json({ ...auditor, _id: auditor.id, walletAddress: null, subscriptionPlan: null, primaryWithdrawalAddress: null, createdAt: '2026-01-01T00:00:00.000Z' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('audit pages', () => {
  it('send an auditor who opens an admin or member page to the stream browser, and keep members out of /audit', async () => {
    signIn(auditor);
    renderPage(<AppRoutes />, '/admin/users');
    await waitFor(() => expect(where()).toBe('/audit/streams'), LAZY_PAGES);
    expect((await screen.findByRole('link', { name: 'account-u1' }, LAZY_PAGES)).getAttribute('href')).toBe('/audit/streams/account-u1');
    cleanup();
    renderPage(<AppRoutes />, '/user/settings');
    await waitFor(() => expect(where()).toBe('/audit/streams'), LAZY_PAGES);
    cleanup();
    signIn(member);
    renderPage(<AppRoutes />, '/audit/streams');
    await waitFor(() => expect(where()).toBe('/user/dashboard'), LAZY_PAGES);
  });

  it('show a stream: an unrecorded actor says so, money reads as USDC, and a correlation id opens its request', async () => {
    signIn(auditor);
    renderPage(<AppRoutes />, '/audit/streams/account-u1');
    const old = await screen.findByRole('article', { name: 'Revision 0: DepositRecorded' }, LAZY_PAGES);
    // Each fact is a caption with its value beside it.
    expect(within(old).getByText('Actor').nextElementSibling?.textContent).toBe('actor not recorded');
    expect(within(old).getByLabelText('Data').textContent).toContain('"amountMicro": "250.123456 USDC"');
    const request = screen.getByRole('article', { name: 'Revision 1: WithdrawalRequested' });
    expect(within(request).getByRole('link', { name: 'u1 (user)' }).getAttribute('href')).toBe('/audit/events?actorId=u1');
    const links = within(request).getAllByRole('link', { name: /req-42/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/audit/events?correlationId=req-42', '/audit/events?correlationId=req-42']);
    expect(screen.getAllByText('Revisions 0–1 of 0–1').length).toBeGreaterThan(0);
  });
});

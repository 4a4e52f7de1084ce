// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReplayVerificationReport } from '@concierge/contracts/audit/replay-verify';
import { json, renderPage } from '../../../../testing/render-page';
import { ReplayVerifyPanel, STARTED_MESSAGE } from './replay-verify-panel';

const failed: ReplayVerificationReport = {
  id: 'v1',
  status: 'failed',
  requestedBy: { userId: 'aud-1', role: 'auditor' },
  requestedAt: '2026-05-01T09:00:00.000Z',
  startedAt: '2026-05-01T09:00:01.000Z',
  finishedAt: '2026-05-01T09:00:05.000Z',
  projections: [{ projection: 'accounts', position: '120-7', collections: [{ collection: 'accounts', live: 3, rebuilt: 3, differing: 1 }] }],
  exclusions: [],
  differenceCount: 1,
  differences: [{ projection: 'accounts', collection: 'accounts', documentId: 'u1', kind: 'changed', fields: [{ path: 'balanceMicro', live: '1', rebuilt: '97500000' }] }],
  error: null,
};

let latest: ReplayVerificationReport | null = null;
let posts = 0;

beforeEach(() => {
  latest = null;
  posts = 0;
  localStorage.setItem('auth-token', 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts += 1;
        latest = { ...failed, id: 'v2', status: 'queued', projections: [], differences: [], differenceCount: 0, finishedAt: null, startedAt: null };
        return json({ id: 'v2', status: 'queued' }, 202);
      }
      if (String(input).endsWith('/audit/replay-verifications/latest')) {
        return latest ? json(latest) : json({ status: 404, message: 'No replay-verification has been run yet: start one.' }, 404);
      }
      return json({}, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('replay-verify panel', () => {
  it('says none was run, starts one, and shows it queued with the button held until it finishes', async () => {
    renderPage(<ReplayVerifyPanel />);
    expect(await screen.findByText('No replay-verification has been run yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Run replay-verify' }));
    expect(await screen.findByText(STARTED_MESSAGE)).toBeTruthy();
    expect(await screen.findByText('Queued')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Running…' }).hasAttribute('disabled')).toBe(true);
    expect(posts).toBe(1);
  });

  it('names each difference of a failed run: collection, document, field, live and rebuilt values', async () => {
    latest = failed;
    renderPage(<ReplayVerifyPanel />);
    expect(await screen.findByText('Failed: differences found')).toBeTruthy();
    const differences = screen.getByRole('list', { name: 'Differences' });
    expect(within(differences).getByText('accounts / u1 — changed')).toBeTruthy();
    expect(within(differences).getByText('balanceMicro: live "1", rebuilt "97500000"')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Read models compared' })).getByText('120-7')).toBeTruthy();
    expect(screen.getByText('Excluded from the comparison: nothing')).toBeTruthy();
  });
});

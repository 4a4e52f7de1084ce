// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReplayVerificationReport } from '@concierge/contracts/audit/replay-verify';
import { json, renderPage } from '../../../../testing/render-page';
import { badgesIn, toastVariant } from '../../../../testing/read-page';
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
let latestReads = 0;
let overviewReads = 0;
/** What the overview says of the latest run, when it differs from the report. */
let overviewStatus: ReplayVerificationReport['status'] | undefined;

beforeEach(() => {
  latest = null;
  posts = 0;
  latestReads = 0;
  overviewReads = 0;
  overviewStatus = undefined;
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
        latestReads += 1;
        return latest ? json(latest) : json({ status: 404, message: 'No replay-verification has been run yet: start one.' }, 404);
      }
      if (String(input).endsWith('/audit/verification')) {
        overviewReads += 1;
        const replay = latest && { id: latest.id, status: overviewStatus ?? latest.status, requestedAt: latest.requestedAt, finishedAt: latest.finishedAt, differenceCount: latest.differenceCount };
        return json({ auditKey: null, chain: null, checkpoint: null, replay });
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
    const panel = screen.getByRole('region', { name: 'Replay-verify' });
    // What the panel says after its introduction.
    const says = () => within(panel).getAllByRole('paragraph').slice(1).map((line) => line.textContent);
    await waitFor(() => expect(says()).toEqual(['No replay-verification has been run yet.']));
    fireEvent.click(screen.getByRole('button', { name: 'Run replay-verify' }));
    expect(await toastVariant(STARTED_MESSAGE)).toBe('success');
    await waitFor(() => expect(badgesIn(panel)).toEqual(['Queued']));
    expect(screen.getByRole('button', { name: 'Running…' }).hasAttribute('disabled')).toBe(true);
    expect(posts).toBe(1);
  });

  it('while a run is under way, asks the unrecorded overview whether it finished, and reads the report again only once it has', async () => {
    latest = { ...failed, status: 'running', differences: [], differenceCount: 0, finishedAt: null };
    overviewStatus = 'running';
    renderPage(<ReplayVerifyPanel />);
    const panel = screen.getByRole('region', { name: 'Replay-verify' });
    await waitFor(() => expect(badgesIn(panel)).toEqual(['Running']));
    await vi.waitFor(() => expect(overviewReads).toBeGreaterThan(0));
    expect(latestReads).toBe(1);
    latest = failed;
    overviewStatus = undefined;
    // The next poll (REPLAY_POLL_MS) sees it finished; the report is read once more.
    await waitFor(() => expect(badgesIn(panel)).toEqual(['Failed: differences found']), { timeout: 8000 });
    expect(latestReads).toBe(2);
  }, 15_000);

  it('names each difference of a failed run: collection, document, field, live and rebuilt values', async () => {
    latest = failed;
    renderPage(<ReplayVerifyPanel />);
    await waitFor(() => expect(badgesIn(screen.getByRole('region', { name: 'Replay-verify' }))).toEqual(['Failed: differences found']));
    // One document differs, in one field.
    const differences = within(screen.getByRole('list', { name: 'Differences' }));
    expect(differences.getByRole('paragraph').textContent).toBe('accounts / u1 — changed');
    expect(differences.getByRole('list').textContent).toBe('balanceMicro: live "1", rebuilt "97500000"');
    const [, accounts] = within(screen.getByRole('table', { name: 'Read models compared' })).getAllByRole('row');
    expect(within(accounts as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['accounts', '120-7', 'accounts 3/3 (1 differ)']);
    expect(screen.getByText(/^Excluded from the comparison:/).textContent).toBe('Excluded from the comparison: nothing');
  });
});

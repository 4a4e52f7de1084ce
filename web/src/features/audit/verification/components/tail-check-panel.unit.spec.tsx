// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TailVerification } from '@concierge/contracts/audit/tail-check';
import { json, renderPage } from '../../../../testing/render-page';
import { badgesIn } from '../../../../testing/read-page';
import { CHECK_TAIL, TailCheckPanel } from './tail-check-panel';

const broken: TailVerification = {
  verdict: 'broken',
  checkedAt: '2026-05-01T09:00:05.000Z',
  checkpoint: { sequence: 7, upTo: '120-7', createdAt: '2026-05-01T08:00:00.000Z', signatureValid: true },
  from: '120-7',
  upTo: '188-3',
  events: 1234,
  streams: 12,
  breakCount: 1,
  breaks: [{ streamId: 'account-u1', revision: '5', kind: 'content-changed', message: 'account-u1 revision 5: recorded hash aa but the content hashes to bb' }],
};

let answer: TailVerification = broken;
let posts = 0;

beforeEach(() => {
  posts = 0;
  localStorage.setItem('auth-token', 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST' && String(input).endsWith('/audit/verification/tail')) {
        posts += 1;
        return json(answer);
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

describe('tail check panel', () => {
  it('checks nothing until asked, then names the stream and revision of an edit after the checkpoint with the events checked and the positions', async () => {
    renderPage(<TailCheckPanel />);
    expect(posts).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: CHECK_TAIL }));
    const panel = screen.getByRole('region', { name: 'Events since the last checkpoint' });
    await waitFor(() => expect(badgesIn(panel)).toEqual(['Broken: 1 break']));
    expect(posts).toBe(1);
    // Each figure is a caption with its value below.
    const figure = (label: string | RegExp) => [screen.getByText(label).textContent, screen.getByText(label).nextElementSibling?.textContent];
    expect(figure('Events checked')).toEqual(['Events checked', '1,234']);
    expect(figure(/^From position/)).toEqual(['From position (after checkpoint #7)', '120-7']);
    expect(figure('Up to position')).toEqual(['Up to position', '188-3']);
    const breaks = within(screen.getByRole('list', { name: 'Breaks in the tail' })).getAllByRole('listitem');
    expect(breaks.map((item) => item.textContent)).toEqual(['account-u1 at revision 5 (content-changed)account-u1 revision 5: recorded hash aa but the content hashes to bb']);
  });

  it('says intact, and says so for the whole store when no checkpoint was signed yet', async () => {
    answer = { ...broken, verdict: 'intact', checkpoint: null, from: '0-0', breakCount: 0, breaks: [] };
    renderPage(<TailCheckPanel />);
    fireEvent.click(screen.getByRole('button', { name: CHECK_TAIL }));
    const panel = screen.getByRole('region', { name: 'Events since the last checkpoint' });
    await waitFor(() => expect(badgesIn(panel)).toEqual(['Intact: every event since the checkpoint holds']));
    const from = screen.getByText(/^From position/);
    expect([from.textContent, from.nextElementSibling?.textContent]).toEqual(['From position (no checkpoint yet: from the first event)', '0-0']);
    expect(screen.queryByRole('list', { name: 'Breaks in the tail' })).toBeNull();
  });
});

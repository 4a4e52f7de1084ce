// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VerificationOverview } from '@concierge/contracts/audit/integrity';
import { json, renderPage } from '../../../../testing/render-page';
import { badgesIn } from '../../../../testing/read-page';
import { ChainStatusPanel } from './chain-status-panel';

const root = 'ab'.repeat(32);
const broken: VerificationOverview = {
  auditKey: { keyId: '0123456789abcdef', pem: '-----BEGIN PUBLIC KEY-----' },
  chain: {
    id: 'latest',
    status: 'broken',
    verifiedAt: '2026-05-01T09:00:00.000Z',
    streams: 1204,
    events: 98765,
    seconds: 0.84,
    upTo: '5120-3',
    breakCount: 2,
    breaks: [{ streamId: 'account-42', revision: '7', kind: 'truncated', message: 'account-42: ends at revision 6; the checkpoint recorded it up to revision 9' }],
    checkpointSequence: null,
  },
  checkpoint: { checkpointId: '9b2f7a52-3c1e-4d6a-8f0b-2e5d7c9a1b34', sequence: 12, upTo: '5000-1', merkleRoot: root, streams: 1200, events: 98000, createdAt: '2026-05-01T08:00:00.000Z', keyId: '0123456789abcdef', signature: 'c2ln', signatureValid: true },
  replay: null,
};

let overview: VerificationOverview;

beforeEach(() => {
  localStorage.setItem('auth-token', 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => (String(input).endsWith('/audit/verification') ? json(overview) : json({}, 404))),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('hash chains and signed checkpoint panel', () => {
  it('shows a broken chain with its first break, and the last signed checkpoint with its root and key', async () => {
    overview = broken;
    renderPage(<ChainStatusPanel />);
    const panel = screen.getByRole('region', { name: 'Hash chains' });
    await waitFor(() => expect(badgesIn(panel)).toEqual(['Broken: 2 breaks']));
    expect(screen.getByRole('alert').textContent).toBe(
      'First break: account-42 at revision 7 (truncated). account-42: ends at revision 6; the checkpoint recorded it up to revision 9',
    );
    // Each figure is a caption with its value below.
    const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(figure('Events')).toBe('98,765');
    expect(figure('Checkpoint')).toBe('#12');
    expect(figure('Merkle root')).toBe(root);
    expect(figure('Signature')).toBe('valid (Ed25519)');
    expect(screen.getAllByText('0123456789abcdef')).toHaveLength(2);
  });

  it('says nothing has run yet on a new platform', async () => {
    overview = { auditKey: null, chain: null, checkpoint: null, replay: null };
    renderPage(<ChainStatusPanel />);
    // What the panel says after its introduction.
    const says = () => within(screen.getByRole('region', { name: 'Hash chains' })).getAllByRole('paragraph').slice(1).map((line) => line.textContent);
    await waitFor(() => expect(says()).toEqual(['No chain verification has run yet.', 'No checkpoint has been signed yet.']));
  });
});

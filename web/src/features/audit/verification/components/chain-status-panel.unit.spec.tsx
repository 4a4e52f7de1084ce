// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VerificationOverview } from '@concierge/contracts/audit/integrity';
import { json, renderPage } from '../../../../testing/render-page';
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
    expect(await screen.findByText('Broken: 2 breaks')).toBeTruthy();
    expect(screen.getByText('account-42')).toBeTruthy();
    expect(screen.getByText(/at revision 7 \(truncated\)/)).toBeTruthy();
    expect(screen.getByText('98,765')).toBeTruthy();
    expect(screen.getByText('#12')).toBeTruthy();
    expect(screen.getByText(root)).toBeTruthy();
    expect(screen.getByText('valid (Ed25519)')).toBeTruthy();
    expect(screen.getAllByText('0123456789abcdef')).toHaveLength(2);
  });

  it('says nothing has run yet on a new platform', async () => {
    overview = { auditKey: null, chain: null, checkpoint: null, replay: null };
    renderPage(<ChainStatusPanel />);
    expect(await screen.findByText('No chain verification has run yet.')).toBeTruthy();
    expect(screen.getByText('No checkpoint has been signed yet.')).toBeTruthy();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_CHAIN_VERIFICATIONS_COLLECTION, VerificationOverview, type ChainVerificationStatus } from '@concierge/contracts';
import { checkExport } from '@concierge/platform/audit/export/check';
import { signTestCheckpoint, testAuditKey } from '@concierge/platform/audit/testing/checkpoint';
import { startIntegrityApi, type IntegrityApi } from './testing/api.js';

async function* linesOf(text: string) {
  yield* text.replace(/\n$/, '').split('\n');
}

describe('GET /audit/export and GET /audit/verification', () => {
  const { key } = testAuditKey();
  let api: IntegrityApi;
  let auditor: { userId: string; authorization: string };

  beforeAll(async () => {
    api = await startIntegrityApi('auditexport', key);
    auditor = await api.signIn('auditor');
  }, 30_000);
  afterAll(async () => api?.close());

  it('says so before anything ran: no chain status, checkpoint or replay-verification yet', async () => {
    const response = await api.get('/audit/verification', auditor.authorization);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ auditKey: { keyId: key.keyId, pem: key.pem }, chain: null, checkpoint: null, replay: null });
  });

  it("streams a stream's events as a JSON-lines attachment that verifies offline against the signed checkpoint, and records the read", async () => {
    const checkpoint = await signTestCheckpoint(api.eventStore, key);
    const response = await api.get('/audit/export?stream=account-1', auditor.authorization);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="audit-export-account-1.jsonl"');
    const text = await response.text();
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(12);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ kind: 'header', filter: { stream: 'account-1' }, checkpoint: { sequence: checkpoint.sequence }, heads: [{ stream: 'account-1', revision: '9' }] });
    const check = await checkExport(linesOf(text), key);
    expect([check.problems, check.events, check.headsMatched]).toEqual([[], 10, 1]);
    const reads = await api.eventStore.readStream(`auditReads-${auditor.userId}`);
    expect(reads.map((e) => e.data['routeId'])).toContain('audit.export');
  });

  it('answers 404 for a stream that does not exist and 400 for one that is not a stream id', async () => {
    const missing = await api.get('/audit/export?stream=account-nobody', auditor.authorization);
    expect([missing.status, ((await missing.json()) as { message: string }).message]).toEqual([404, expect.stringContaining('No stream has this id')]);
    const bad = await api.get('/audit/export?stream=nodash', auditor.authorization);
    expect([bad.status, ((await bad.json()) as { message: string }).message]).toEqual([400, expect.stringContaining('stream must look like')]);
    expect((await api.get('/audit/export?stream=account-1', (await api.signIn('user')).authorization)).status).toBe(403);
  });

  it('answers the chain status the checkpoint job kept and the last signed checkpoint', async () => {
    const status: ChainVerificationStatus = { id: 'latest', status: 'ok', verifiedAt: new Date().toISOString(), streams: 3, events: 30, seconds: 0.01, upTo: '1-1', breakCount: 0, breaks: [], checkpointSequence: 1 };
    await api.readStore.collection(AUDIT_CHAIN_VERIFICATIONS_COLLECTION).upsert(status);
    const response = await api.get('/audit/verification', auditor.authorization);
    const body = VerificationOverview.parse(await response.json());
    expect(body.chain).toEqual(status);
    expect(body.checkpoint).toMatchObject({ sequence: 1, keyId: key.keyId, streams: expect.any(Number), signatureValid: true });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_CHECKPOINT_STREAM, TailVerification } from '@concierge/contracts';
import { signTestCheckpoint, testAuditKey } from '@concierge/platform/audit/testing/checkpoint';
import type { NewEvent } from '@concierge/platform/event-store/port';
import { formatPosition } from '@concierge/platform/event-store/position';
import { startAuditorApi, type AuditorApi } from '../time-travel/testing/api.js';

const noted = (n: number): NewEvent => {
  const at = new Date().toISOString();
  return { id: randomUUID(), type: 'BalanceNoted', data: { n, amount: `${n}.50` }, metadata: { actor: { type: 'system' }, correlationId: 'c', causationId: 'c', occurredAt: at, schemaVersion: 1 } };
};

describe('the tail check: the hash chain of every event after the last signed checkpoint, verified when asked', () => {
  const { key } = testAuditKey();
  let api: AuditorApi;
  let auditor: string;
  const check = async (who = auditor) => {
    const answer = await api.request('POST', '/audit/verification/tail', who, {});
    expect(answer.status).toBe(200);
    return TailVerification.parse(answer.body);
  };
  const append = async (stream: string, count: number) => {
    for (let n = 0; n < count; n += 1) await api.eventStore.appendToStream(stream, [noted(n)], { expectedRevision: 'any' });
  };

  beforeAll(async () => {
    api = await startAuditorApi('tailcheck', { auditPublicKey: key });
    auditor = await api.signIn('auditor');
  });
  afterAll(async () => api?.close());

  it('checks the whole store while no checkpoint was signed', async () => {
    await append('ledger-a', 6);
    const answer = await check();
    expect(answer).toMatchObject({ verdict: 'intact', checkpoint: null, from: '0-0', events: 6, streams: 1, breakCount: 0, breaks: [] });
    expect(answer.upTo).toBe(formatPosition(await api.eventStore.lastPosition()));
  });

  it('checks only the events after the last signed checkpoint, saying how many and from which position', async () => {
    const signed = await signTestCheckpoint(api.eventStore, key);
    await append('ledger-a', 3);
    await append('ledger-b', 2);
    const answer = await check(await api.signIn('admin'));
    // The checkpoint's own events follow the position it covers: they are in the tail too.
    const checkpointEvents = (await api.eventStore.readStream(AUDIT_CHECKPOINT_STREAM)).length;
    expect(answer).toMatchObject({ verdict: 'intact', from: signed.upTo, events: 5 + checkpointEvents, streams: 3, breakCount: 0 });
    expect(answer.checkpoint).toEqual({ sequence: signed.sequence, upTo: signed.upTo, createdAt: signed.createdAt, signatureValid: true });
    expect(answer.upTo).toBe(formatPosition(await api.eventStore.lastPosition()));
  });

  it('says broken, naming the stream and revision, when an event after the checkpoint was edited in the database', async () => {
    const { pool, eventStoreSchema } = api.schemas;
    // As a person with database access would: triggers that refuse edits set aside for the session.
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL session_replication_role = replica');
      await client.query(`UPDATE ${eventStoreSchema}.events SET data = jsonb_set(data::jsonb, '{amount}', '"9999.50"') WHERE stream_id = 'ledger-b' AND stream_revision = 1`);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const answer = await check();
    expect(answer.verdict).toBe('broken');
    expect(answer.breakCount).toBe(1);
    expect(answer.breaks).toEqual([expect.objectContaining({ streamId: 'ledger-b', revision: '1', kind: 'content-changed' })]);
    expect(answer.breaks[0]?.message).toContain('ledger-b revision 1');
  });

  it('is not recorded as an audit read: asking never moves the store', async () => {
    const before = await api.eventStore.lastPosition();
    await check();
    await check();
    expect(await api.eventStore.lastPosition()).toEqual(before);
  });

  it('refuses members', async () => {
    expect((await api.request('POST', '/audit/verification/tail', await api.signIn('user'), {})).status).toBe(403);
  });
});

import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { AUDIT_CHAIN_VERIFICATIONS_COLLECTION, AUDIT_CHECKPOINT_STREAM, type ChainVerificationStatus } from '@concierge/contracts';
import { auditSigningKeyFrom, type AuditSigningKey } from '@concierge/platform/audit/audit-key';
import { checkCheckpoint, loadLatestCheckpoint, signedText } from '@concierge/platform/audit/checkpoints';
import { seededStore } from '@concierge/platform/audit/testing/seeded-store';
import { verifyChains } from '@concierge/platform/audit/verify';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import type { TestSchemas } from '@concierge/platform/testing/postgres';
import { untilVisible } from '../../audit/replay-verify/testing/visible.js';
import { runAuditCheckpoint } from './run.js';
import { tamper } from '@concierge/platform/testing/tamper';

const keyFrom = (pem: string): AuditSigningKey => auditSigningKeyFrom({ NODE_ENV: 'production', DATA_DIR: '/nonexistent', AUDIT_SIGNING_KEY: pem });
const newKey = () => keyFrom(generateKeyPairSync('ed25519', { privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey);

describe('signed checkpoints of the hash chains on PostgreSQL', () => {
  let schemas: TestSchemas | undefined;
  let store: EventStore;
  let readStore: ReadStore;
  const key = newKey();
  afterEach(async () => schemas?.drop());

  async function seed(label: string) {
    ({ schemas, store } = await seededStore(label));
    readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
    return { events: `${schemas.eventStoreSchema}.events`, pool: schemas.pool };
  }
  // A transaction open elsewhere on the server holds readers back: each run waits to see every append first.
  const run = async (signingKey = key, split: { headsPerEvent?: number; eventsPerAppend?: number } = {}) => {
    await untilVisible(store);
    return runAuditCheckpoint({ eventStore: store, readStore, key: signingKey, logger: pino({ level: 'silent' }), ...split }, randomUUID());
  };
  const kept = async () => (await readStore.collection(AUDIT_CHAIN_VERIFICATIONS_COLLECTION).get('latest')) as unknown as ChainVerificationStatus;

  it('signs every head and their root, then only the heads that moved; an untouched store verifies clean', async () => {
    await seed('ckptclean');
    const first = await run();
    expect([first.status, first.streams, first.events, first.checkpointSequence]).toEqual(['ok', 4, 40, 1]);
    const loaded = await loadLatestCheckpoint(store);
    expect([loaded?.checkpoint.streams, loaded?.checkpoint.events, loaded?.heads.get('account-2')?.revision]).toEqual([4, 40, 9n]);
    expect(loaded && checkCheckpoint(loaded, key)).toEqual([]);
    const second = await run();
    expect([second.status, second.checkpointSequence]).toEqual(['ok', 2]);
    const stream = await store.readStream(AUDIT_CHECKPOINT_STREAM);
    // Run two recorded one moved head: the checkpoint stream's own, as of run one.
    expect(stream.map((e) => [e.type, (e.data['heads'] as unknown[] | undefined)?.length])).toEqual([
      ['AuditCheckpointHeadsRecorded', 4],
      ['AuditCheckpointSigned', undefined],
      ['AuditCheckpointHeadsRecorded', 1],
      ['AuditCheckpointSigned', undefined],
    ]);
    const latest = await loadLatestCheckpoint(store);
    expect([latest?.heads.size, latest && checkCheckpoint(latest, key)]).toEqual([5, []]);
    expect((await verifyChains(store, { against: latest?.heads })).breaks).toEqual([]);
    expect(await kept()).toMatchObject({ status: 'ok', checkpointSequence: 2, breakCount: 0 });
  });

  it('splits a large checkpoint over several appends, and heads of a run cut short before its signed event count for nothing', async () => {
    await seed('ckptsplit');
    expect((await run(key, { headsPerEvent: 1, eventsPerAppend: 2 })).checkpointSequence).toBe(1);
    const stream = await store.readStream(AUDIT_CHECKPOINT_STREAM);
    expect(stream.map((e) => e.type)).toEqual([...Array<string>(4).fill('AuditCheckpointHeadsRecorded'), 'AuditCheckpointSigned']);
    // Three appends (2 + 2 + 1 events): three PostgreSQL transactions.
    expect(new Set(stream.map((e) => e.position.commit)).size).toBe(3);
    const first = await loadLatestCheckpoint(store);
    expect([first?.heads.size, first && checkCheckpoint(first, key)]).toEqual([4, []]);
    // A run that died after appending heads, before its signed event.
    const cutShort = { checkpointId: randomUUID(), sequence: 2, heads: [['account-0', '99', 'f'.repeat(64)]] };
    const metadata = { actor: { type: 'system' as const }, correlationId: 'x', causationId: 'x', occurredAt: new Date().toISOString(), schemaVersion: 1 };
    await store.appendToStream(AUDIT_CHECKPOINT_STREAM, [{ id: randomUUID(), type: 'AuditCheckpointHeadsRecorded', data: cutShort, metadata }], { expectedRevision: 4n });
    expect((await loadLatestCheckpoint(store))?.heads.get('account-0')?.revision).toBe(9n);
    const next = await run();
    expect([next.status, next.checkpointSequence]).toEqual(['ok', 2]);
    const latest = await loadLatestCheckpoint(store);
    expect([latest?.heads.get('account-0')?.revision, latest && checkCheckpoint(latest, key)]).toEqual([9n, []]);
  });

  it('detects a truncated tail through the checkpoint, names where, and signs nothing more', async () => {
    const { events, pool } = await seed('ckpttail');
    await run();
    await tamper(pool, `DELETE FROM ${events} WHERE stream_id = 'account-3' AND stream_revision >= 7`);
    const loaded = await loadLatestCheckpoint(store);
    await untilVisible(store);
    const report = await verifyChains(store, { against: loaded?.heads });
    expect(report.breaks.map((b) => [b.streamId, b.revision, b.kind])).toEqual([['account-3', 7n, 'truncated']]);
    const status = await run();
    expect([status.status, status.checkpointSequence, status.breaks[0]?.streamId, status.breaks[0]?.revision, status.breaks[0]?.kind]).toEqual(['broken', null, 'account-3', '7', 'truncated']);
    expect((await loadLatestCheckpoint(store))?.checkpoint.sequence).toBe(1);
    expect(await kept()).toMatchObject({ status: 'broken', breakCount: 1 });
  });

  it('detects a whole stream deleted through the checkpoint', async () => {
    const { events, pool } = await seed('ckptstream');
    await run();
    await tamper(pool, `DELETE FROM ${events} WHERE stream_id = 'account-1'`);
    const status = await run();
    expect(status.breaks.map((b) => [b.streamId, b.revision, b.kind])).toEqual([['account-1', '9', 'stream-missing']]);
  });

  it('refuses a forged checkpoint: another key, or a signature that does not match its fields', async () => {
    await seed('ckptforged');
    await run(newKey());
    const other = await loadLatestCheckpoint(store);
    expect(other && checkCheckpoint(other, key)).toEqual([expect.stringContaining(`not the audit key ${key.keyId}`)]);
    expect((await run()).breaks.map((b) => b.kind)).toEqual(['checkpoint-refused']);

    await seed('ckptforged2');
    await run();
    const genuine = await loadLatestCheckpoint(store);
    if (!genuine) throw new Error('no checkpoint');
    // A forger appends a "checkpoint" of a shorter account-0 under the real key id, without the key.
    const { signature, ...fields } = genuine.checkpoint;
    const forged = { ...fields, sequence: 2, merkleRoot: 'a'.repeat(64), signature };
    expect(signedText({ ...fields, sequence: 2, merkleRoot: 'a'.repeat(64) })).not.toBe(signedText(fields));
    await store.appendToStream(AUDIT_CHECKPOINT_STREAM, [{ id: randomUUID(), type: 'AuditCheckpointSigned', data: forged, metadata: { actor: { type: 'system' }, correlationId: 'x', causationId: 'x', occurredAt: new Date().toISOString(), schemaVersion: 1 } }], { expectedRevision: genuine.revision });
    const loaded = await loadLatestCheckpoint(store);
    expect(loaded && checkCheckpoint(loaded, key)).toEqual([expect.stringContaining('the signature does not match its fields'), expect.stringContaining('not the signed aaaa')]);
    const status = await run();
    expect([status.status, status.checkpointSequence, status.breaks[0]?.kind]).toEqual(['broken', null, 'checkpoint-refused']);
  });
});

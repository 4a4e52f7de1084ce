import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { AuditCheckpointSigned } from '@concierge/contracts';
import type { EventStore } from '../../event-store/port.js';
import { comparePositions } from '../../event-store/position.js';
import { auditSigningKeyFrom, type AuditSigningKey } from '../audit-key.js';
import { appendCheckpoint, checkpointEvents, loadCheckpointStream } from '../checkpoints.js';
import { verifyChains } from '../verify.js';

/** A fresh Ed25519 audit key for one test, with its PKCS#8 PEM (to hand a CLI as AUDIT_SIGNING_KEY). */
export function testAuditKey(): { key: AuditSigningKey; privatePem: string } {
  const pair = generateKeyPairSync('ed25519', { privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  return { key: auditSigningKeyFrom({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', AUDIT_SIGNING_KEY: pair.privateKey }), privatePem: pair.privateKey };
}

/**
 * Signs the next checkpoint of the store as the workers' job would, once readers see every event
 * committed so far (a transaction open elsewhere on the server holds them back for a while).
 */
export async function signTestCheckpoint(store: EventStore, key: AuditSigningKey): Promise<AuditCheckpointSigned> {
  const last = await store.lastPosition();
  for (let waited = 0; comparePositions(await store.headPosition(), last) < 0; waited += 50) {
    if (waited > 30_000) throw new Error('events stayed invisible to readers for 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { latest: previous, lastRevision } = await loadCheckpointStream(store);
  const report = await verifyChains(store, previous ? { against: previous.heads } : {});
  if (report.breaks.length > 0) throw new Error(`the store is broken: ${report.breaks[0]?.message ?? ''}`);
  const id = randomUUID();
  const now = new Date();
  const metadata = { actor: { type: 'system' as const, reason: 'test' }, correlationId: id, causationId: id, occurredAt: now.toISOString(), schemaVersion: 1 };
  const { events, checkpoint } = checkpointEvents({ heads: report.heads, upTo: report.upTo, previous, key, now, metadata });
  await appendCheckpoint(store, events, lastRevision);
  return checkpoint;
}

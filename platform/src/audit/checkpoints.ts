import { randomUUID } from 'node:crypto';
import {
  AUDIT_CHECKPOINT_STREAM,
  AuditCheckpointHeadsRecorded,
  AuditCheckpointSigned,
  CHECKPOINT_EVENTS_PER_APPEND,
  CHECKPOINT_HEADS_PER_EVENT,
  type SignedCheckpointFields,
} from '@concierge/contracts';
import { canonicalJson } from '../event-store/hash-chain.js';
import type { EventMetadata, EventStore, NewEvent } from '../event-store/port.js';
import { formatPosition, type Position } from '../event-store/position.js';
import { signText, verifyText, type AuditPublicKey, type AuditSigningKey } from './audit-key.js';
import { merkleRoot, type StreamHead, type StreamHeads } from './stream-heads.js';

/**
 * Signed checkpoints live in the event store itself, in AUDIT_CHECKPOINT_STREAM: each is one or
 * more AuditCheckpointHeadsRecorded events (the heads that changed since the previous checkpoint) and
 * an AuditCheckpointSigned (Merkle root, counts, position, key id, signature) after them, naming
 * them by checkpointId (usually one append; a large first checkpoint takes several).
 * The full heads of a checkpoint are the fold of every heads event up to it, so an hourly
 * checkpoint costs only the streams that moved that hour, and `verify` can name the stream and
 * revision a deleted stream or a truncated tail lost. The checkpoint stream is hash-chained like
 * any other and its own head is in the next checkpoint.
 */

/** The latest signed checkpoint and the full heads it signs (its root is checked by checkCheckpoint). */
export interface LoadedCheckpoint {
  readonly checkpoint: AuditCheckpointSigned;
  readonly heads: StreamHeads;
  /** Revision of the AuditCheckpointSigned event in the checkpoint stream. */
  readonly revision: bigint;
}

/** The RFC 8785 text the audit key signs. */
export function signedText(fields: SignedCheckpointFields): string {
  // A whole checkpoint may be passed: its signature is never part of what is signed.
  const { signature: _signature, ...signed } = fields as SignedCheckpointFields & { signature?: string };
  return canonicalJson(signed);
}

/** Sum of every head's revision + 1: the events the heads cover. */
export function eventsCovered(heads: StreamHeads): number {
  let events = 0n;
  for (const head of heads.values()) events += head.revision + 1n;
  return Number(events);
}

/** The checkpoint stream read through: its latest signed checkpoint and its last revision (what the next append expects). */
export interface CheckpointStream {
  readonly latest: LoadedCheckpoint | undefined;
  readonly lastRevision: bigint | undefined;
}

/** Reads the checkpoint stream and folds the heads up to its latest AuditCheckpointSigned. */
export async function loadCheckpointStream(store: EventStore, pageSize = 500): Promise<CheckpointStream> {
  const heads = new Map<string, StreamHead>();
  const pending = new Map<string, [string, string, string][]>();
  let latest: LoadedCheckpoint | undefined;
  let lastRevision: bigint | undefined;
  for (let from = 0n; ; ) {
    const page = await store.readStream(AUDIT_CHECKPOINT_STREAM, { fromRevision: from, maxCount: pageSize });
    for (const event of page) {
      lastRevision = event.revision;
      if (event.type === 'AuditCheckpointHeadsRecorded') {
        const data = AuditCheckpointHeadsRecorded.parse(event.data);
        pending.set(data.checkpointId, [...(pending.get(data.checkpointId) ?? []), ...data.heads]);
      } else if (event.type === 'AuditCheckpointSigned') {
        const checkpoint = AuditCheckpointSigned.parse(event.data);
        for (const [stream, revision, hash] of pending.get(checkpoint.checkpointId) ?? []) heads.set(stream, { revision: BigInt(revision), hash });
        // Heads of a run cut short before its signed event never count.
        pending.clear();
        latest = { checkpoint, heads: new Map(heads), revision: event.revision };
      }
    }
    const last = page[page.length - 1];
    if (!last || page.length < pageSize) return { latest, lastRevision };
    from = last.revision + 1n;
  }
}

/** The latest signed checkpoint with its full heads; undefined when none was signed. */
export async function loadLatestCheckpoint(store: EventStore): Promise<LoadedCheckpoint | undefined> {
  return (await loadCheckpointStream(store)).latest;
}

/**
 * Appends a checkpoint's events after `lastRevision`, at most `perAppend` per append, the signed
 * event last. A concurrent run makes one append fail (WrongExpectedRevisionError): whatever it
 * appended before counts for nothing without its signed event.
 */
export async function appendCheckpoint(store: EventStore, events: readonly NewEvent[], lastRevision: bigint | undefined, perAppend = CHECKPOINT_EVENTS_PER_APPEND): Promise<void> {
  let expected = lastRevision;
  for (let i = 0; i < events.length; i += perAppend) {
    const batch = events.slice(i, i + perAppend);
    const { nextRevision } = await store.appendToStream(AUDIT_CHECKPOINT_STREAM, batch, { expectedRevision: expected ?? 'no_stream' });
    expected = nextRevision;
  }
}

/** Why a checkpoint cannot be trusted; empty when its signature and root hold. */
export function checkCheckpoint(loaded: LoadedCheckpoint, key: AuditPublicKey): string[] {
  const { checkpoint, heads } = loaded;
  const { signature, ...fields } = checkpoint;
  const problems: string[] = [];
  const label = `checkpoint ${checkpoint.sequence} of ${checkpoint.createdAt}`;
  if (checkpoint.keyId !== key.keyId) problems.push(`${label} names key ${checkpoint.keyId}, not the audit key ${key.keyId}`);
  else if (!verifyText(key, signedText(fields), signature)) problems.push(`${label}: the signature does not match its fields (forged or altered)`);
  const root = merkleRoot(heads);
  if (root !== checkpoint.merkleRoot) problems.push(`${label}: its heads give Merkle root ${root}, not the signed ${checkpoint.merkleRoot} (heads events altered)`);
  if (heads.size !== checkpoint.streams) problems.push(`${label}: ${heads.size} heads recorded, ${checkpoint.streams} signed`);
  return problems;
}

/** The heads that differ from the previous checkpoint's, sorted by stream id. */
export function changedHeads(heads: StreamHeads, previous: StreamHeads | undefined): [string, string, string][] {
  return [...heads.keys()]
    .sort()
    .flatMap((stream): [string, string, string][] => {
      const head = heads.get(stream) as StreamHead;
      const before = previous?.get(stream);
      return before?.revision === head.revision && before.hash === head.hash ? [] : [[stream, head.revision.toString(), head.hash]];
    });
}

export interface CheckpointInput {
  readonly heads: StreamHeads;
  readonly upTo: Position;
  readonly previous: LoadedCheckpoint | undefined;
  readonly key: AuditSigningKey;
  readonly now: Date;
  readonly metadata: EventMetadata;
  /** Heads per heads event; CHECKPOINT_HEADS_PER_EVENT unless a test wants many events. */
  readonly headsPerEvent?: number;
}

/** The events of the next checkpoint: its changed heads in chunks, then the signed summary. */
export function checkpointEvents(input: CheckpointInput): { events: NewEvent[]; checkpoint: AuditCheckpointSigned } {
  const sequence = (input.previous?.checkpoint.sequence ?? 0) + 1;
  const checkpointId = randomUUID();
  const fields: SignedCheckpointFields = {
    format: 'concierge-audit-checkpoint/1',
    checkpointId,
    sequence,
    upTo: formatPosition(input.upTo),
    merkleRoot: merkleRoot(input.heads),
    streams: input.heads.size,
    events: eventsCovered(input.heads),
    createdAt: input.now.toISOString(),
    keyId: input.key.keyId,
  };
  const checkpoint: AuditCheckpointSigned = { ...fields, signature: signText(input.key, signedText(fields)) };
  const changed = changedHeads(input.heads, input.previous?.heads);
  const events: NewEvent[] = [];
  const size = input.headsPerEvent ?? CHECKPOINT_HEADS_PER_EVENT;
  for (let i = 0; i < changed.length; i += size) {
    events.push({ id: randomUUID(), type: 'AuditCheckpointHeadsRecorded', data: { checkpointId, sequence, heads: changed.slice(i, i + size) }, metadata: input.metadata });
  }
  events.push({ id: randomUUID(), type: 'AuditCheckpointSigned', data: { ...checkpoint }, metadata: input.metadata });
  return { events, checkpoint };
}

import { AUDIT_CHECKPOINT_STREAM, AuditCheckpointHeadsRecorded, AuditCheckpointSigned } from '@concierge/contracts';
import type { EventStore } from '../event-store/port.js';
import type { AuditPublicKey } from './audit-key.js';
import { checkCheckpoint } from './checkpoints.js';
import type { StreamHead } from './stream-heads.js';

/** The head the latest signed checkpoint recorded for a stream, if any: what a decision's fold must pass through. */
export interface CheckpointAnchors {
  headOf(streamId: string): Promise<StreamHead | undefined>;
}

export interface CheckpointAnchorsOptions {
  /** The latest checkpoint is looked for again at most this often (and only when a stream is folded from its start or a snapshot). */
  readonly refreshMs: number;
  /** Told when a checkpoint fails its signature or root: it is not adopted, the previous one stays in force. */
  readonly onRefused?: (problems: readonly string[]) => void;
  readonly now?: () => number;
}

/**
 * The heads of the latest signed checkpoint, kept in memory and read on from where the last read
 * ended: a process reads the checkpoint stream once whole and afterwards only its new events. A
 * checkpoint is adopted only when its signature holds and its heads give its signed Merkle root
 * (checkCheckpoint), so an edit of the checkpoint stream cannot move an anchor.
 */
export function checkpointAnchors(store: EventStore, key: AuditPublicKey, options: CheckpointAnchorsOptions): CheckpointAnchors {
  const now = options.now ?? Date.now;
  const folded = new Map<string, StreamHead>();
  let adopted: ReadonlyMap<string, StreamHead> = new Map();
  let pending: [string, string, string][] = [];
  let pendingId: string | undefined;
  let next = 0n;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;

  async function readOn(): Promise<void> {
    for (;;) {
      const page = await store.readStream(AUDIT_CHECKPOINT_STREAM, { fromRevision: next, maxCount: 500 });
      for (const event of page) {
        next = event.revision + 1n;
        if (event.type === 'AuditCheckpointHeadsRecorded') {
          const data = AuditCheckpointHeadsRecorded.parse(event.data);
          if (data.checkpointId !== pendingId) pending = [];
          pendingId = data.checkpointId;
          pending.push(...data.heads);
        } else if (event.type === 'AuditCheckpointSigned') {
          const checkpoint = AuditCheckpointSigned.parse(event.data);
          const candidate = new Map(folded);
          if (pendingId === checkpoint.checkpointId) for (const [stream, revision, hash] of pending) candidate.set(stream, { revision: BigInt(revision), hash });
          pending = [];
          pendingId = undefined;
          const problems = checkCheckpoint({ checkpoint, heads: candidate, revision: event.revision }, key);
          if (problems.length > 0) {
            options.onRefused?.(problems);
            continue;
          }
          for (const [stream, head] of candidate) folded.set(stream, head);
          adopted = candidate;
        }
      }
      if (page.length < 500) return;
    }
  }

  return {
    async headOf(streamId) {
      if (now() - readAt >= options.refreshMs) {
        reading ??= readOn().finally(() => {
          reading = undefined;
        });
        await reading;
        readAt = now();
      }
      return adopted.get(streamId);
    },
  };
}

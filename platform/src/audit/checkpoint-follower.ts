import { AUDIT_CHECKPOINT_STREAM, AuditCheckpointHeadsRecorded, AuditCheckpointSigned } from '@concierge/contracts';
import type { EventStore } from '../event-store/port.js';
import type { AuditPublicKey } from './audit-key.js';
import { checkCheckpoint, type LoadedCheckpoint } from './checkpoints.js';
import type { StreamHead } from './stream-heads.js';

const PAGE = 500;

/** The checkpoint stream as read so far. */
export interface FollowedCheckpoints {
  /** The latest checkpoint whose signature and Merkle root hold, with its full heads. */
  readonly latest: LoadedCheckpoint | undefined;
  /** Revision of the stream's last event read (what the next checkpoint's append expects). */
  readonly lastRevision: bigint | undefined;
  /** Why checkpoints signed after `latest` were refused; empty when none was. */
  readonly refused: readonly string[];
}

/**
 * Follows the checkpoint stream (checkpoints.ts): the first call reads it whole, later ones only
 * what was appended since, so a process that looks often pays for the new checkpoints only. A
 * checkpoint is adopted only when its signature holds and its heads give its signed Merkle root, so
 * an edit of the checkpoint stream cannot move what it answers. Heads of a run cut short before its
 * signed event never count.
 */
export class CheckpointFollower {
  private heads = new Map<string, StreamHead>();
  private pending: [string, string, string][] = [];
  private pendingId: string | undefined;
  private next = 0n;
  private state: FollowedCheckpoints = { latest: undefined, lastRevision: undefined, refused: [] };
  private reading: Promise<FollowedCheckpoints> | undefined;

  constructor(
    private readonly store: EventStore,
    private readonly key: AuditPublicKey,
  ) {}

  /** Reads on to the stream's end (one read at a time, shared by concurrent callers). */
  async read(): Promise<FollowedCheckpoints> {
    this.reading ??= this.readOn().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async readOn(): Promise<FollowedCheckpoints> {
    for (;;) {
      const page = await this.store.readStream(AUDIT_CHECKPOINT_STREAM, { fromRevision: this.next, maxCount: PAGE });
      for (const event of page) {
        this.next = event.revision + 1n;
        this.state = { ...this.state, lastRevision: event.revision };
        if (event.type === 'AuditCheckpointHeadsRecorded') {
          const data = AuditCheckpointHeadsRecorded.parse(event.data);
          if (data.checkpointId !== this.pendingId) this.pending = [];
          this.pendingId = data.checkpointId;
          this.pending.push(...data.heads);
        } else if (event.type === 'AuditCheckpointSigned') {
          this.adopt(AuditCheckpointSigned.parse(event.data), event.revision);
        }
      }
      if (page.length < PAGE) return this.state;
    }
  }

  private adopt(checkpoint: AuditCheckpointSigned, revision: bigint): void {
    const candidate = new Map(this.heads);
    if (this.pendingId === checkpoint.checkpointId) {
      for (const [stream, at, hash] of this.pending) candidate.set(stream, { revision: BigInt(at), hash });
    }
    this.pending = [];
    this.pendingId = undefined;
    const loaded: LoadedCheckpoint = { checkpoint, heads: candidate, revision };
    const problems = checkCheckpoint(loaded, this.key);
    if (problems.length > 0) {
      this.state = { ...this.state, refused: [...this.state.refused, ...problems] };
      return;
    }
    this.heads = candidate;
    this.state = { ...this.state, latest: loaded, refused: [] };
  }
}

import type { Logger } from 'pino';
import type { EventStore } from '../event-store/port.js';
import { auditPublicKeyIfKnown, type AuditKeyConfig, type AuditPublicKey } from './audit-key.js';
import { CheckpointFollower } from './checkpoint-follower.js';
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
 * ended (CheckpointFollower): a checkpoint is adopted only when its signature and root hold.
 */
export function checkpointAnchors(store: EventStore, key: AuditPublicKey, options: CheckpointAnchorsOptions): CheckpointAnchors {
  const now = options.now ?? Date.now;
  const follower = new CheckpointFollower(store, key);
  let heads: ReadonlyMap<string, StreamHead> = new Map();
  let readAt = Number.NEGATIVE_INFINITY;
  let reported = 0;
  return {
    async headOf(streamId) {
      if (now() - readAt >= options.refreshMs) {
        const followed = await follower.read();
        readAt = now();
        heads = followed.latest?.heads ?? heads;
        if (followed.refused.length > reported) options.onRefused?.(followed.refused.slice(reported));
        reported = followed.refused.length;
      }
      return heads.get(streamId);
    },
  };
}

/** How often a service looks for a newer signed checkpoint, at most (only when a fold needs one). */
export const ANCHOR_REFRESH_MS = 5_000;

/**
 * A service's anchors from its configuration: the public audit key (AUDIT_PUBLIC_KEY, or outside
 * production the generated pair's). Without one (production with no AUDIT_PUBLIC_KEY) decisions
 * still check every chain but not against signed checkpoints, which the service says at start.
 */
export function checkpointAnchorsFrom(env: AuditKeyConfig & { NODE_ENV: string; DATA_DIR: string }, store: EventStore, logger: Logger): CheckpointAnchors | undefined {
  const key = auditPublicKeyIfKnown(env);
  if (key === undefined) {
    logger.warn('AUDIT_PUBLIC_KEY is not set: commands check hash chains but not against the signed checkpoints (SECURITY.md)');
    return undefined;
  }
  return checkpointAnchors(store, key, {
    refreshMs: ANCHOR_REFRESH_MS,
    onRefused: (problems) =>
      logger.error({ alert: 'integrity', problems }, 'INTEGRITY: a signed checkpoint failed its check and is not used; run `npm run audit -- verify`'),
  });
}

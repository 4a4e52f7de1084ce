import { AUDIT_CHAIN_VERIFICATIONS_COLLECTION, AUDIT_CHECKPOINT_STREAM, LATEST_CHAIN_VERIFICATION_ID, type ChainVerificationStatus } from '@concierge/contracts';
import type { CheckpointFollower } from '@concierge/platform/audit/checkpoint-follower';
import { appendCheckpoint, checkpointEvents } from '@concierge/platform/audit/checkpoints';
import type { StreamHead } from '@concierge/platform/audit/stream-heads';
import { verifyChains } from '@concierge/platform/audit/verify';
import { WrongExpectedRevisionError } from '@concierge/platform/event-store/port';
import { parsePosition } from '@concierge/platform/event-store/position';
import type { AuditCheckpointDeps } from './run.js';

export interface TailCheckpointDeps extends AuditCheckpointDeps {
  /** The checkpoint stream as this process follows it: read on, never again whole. */
  readonly follower: CheckpointFollower;
  /** AUDIT_CHECKPOINT_EVERY_EVENTS: a checkpoint is signed once this many events are unsigned... */
  readonly everyEvents: number;
  /** AUDIT_CHECKPOINT_EVERY (ms): ...or once the oldest unsigned event waited this long, whichever comes first. */
  readonly everyMs: number;
}

export type TailOutcome =
  | { readonly kind: 'signed'; readonly sequence: number; readonly events: number }
  | { readonly kind: 'waiting' | 'nothing-new'; readonly events: number }
  | { readonly kind: 'no-checkpoint' | 'broken' | 'lost-race' };

/**
 * A checkpoint of the tail: the events appended since the latest signed checkpoint are verified
 * (each stream from the head the checkpoint recorded for it) and, when enough are unsigned or the
 * checkpoint is old enough, their heads are signed into the next checkpoint on top of the latest
 * one's. It reads only the tail, so it can run every few seconds; the full run (run.ts) still
 * verifies the whole store every AUDIT_CHECKPOINT_INTERVAL, and finds what a tail cannot see (a
 * stream removed, an old event re-chained in a stream that did not move). Nothing is signed while
 * the last full run found the store broken, nor when the tail breaks; the latter is logged loudly.
 */
export async function runTailCheckpoint(deps: TailCheckpointDeps, runId: string): Promise<TailOutcome> {
  const now = deps.now ?? (() => new Date());
  const followed = await deps.follower.read();
  const previous = followed.latest;
  // The first checkpoint verifies everything: the full run's.
  if (previous === undefined) return { kind: 'no-checkpoint' };
  const status = await deps.readStore.collection<ChainVerificationStatus>(AUDIT_CHAIN_VERIFICATIONS_COLLECTION).get(LATEST_CHAIN_VERIFICATION_ID);
  if (followed.refused.length > 0 || status?.status === 'broken') return { kind: 'broken' };
  const since = parsePosition(previous.checkpoint.upTo);
  if (since === undefined) return { kind: 'broken' };
  const report = await verifyChains(deps.eventStore, { since, against: previous.heads });
  if (report.breaks.length > 0) {
    deps.logger.error({ alert: 'integrity', breaks: report.breaks.length, first: report.breaks[0]?.message }, 'INTEGRITY: the unsigned tail of the hash chains is broken: no checkpoint signed');
    return { kind: 'broken' };
  }
  // The checkpoint stream's own events (the latest checkpoint's among them) are not news to sign.
  const ownHead = report.heads.get(AUDIT_CHECKPOINT_STREAM)?.revision;
  const own = ownHead === undefined ? 0 : Number(ownHead - (previous.heads.get(AUDIT_CHECKPOINT_STREAM)?.revision ?? -1n));
  const events = report.events - own;
  if (events <= 0) return { kind: 'nothing-new', events: 0 };
  const at = now();
  const age = at.getTime() - Date.parse(previous.checkpoint.createdAt);
  if (events < deps.everyEvents && age < deps.everyMs) return { kind: 'waiting', events };

  const heads = new Map<string, StreamHead>(previous.heads);
  for (const [stream, head] of report.heads) heads.set(stream, head);
  const metadata = { actor: { type: 'system' as const, reason: 'audit-checkpoint' }, correlationId: runId, causationId: runId, occurredAt: at.toISOString(), schemaVersion: 1 };
  const { events: appended, checkpoint } = checkpointEvents({ heads, upTo: report.upTo, previous, key: deps.key, now: at, metadata });
  try {
    await appendCheckpoint(deps.eventStore, appended, followed.lastRevision, deps.eventsPerAppend);
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    return { kind: 'lost-race' };
  }
  deps.logger.info({ sequence: checkpoint.sequence, merkleRoot: checkpoint.merkleRoot, events, keyId: checkpoint.keyId }, 'audit checkpoint of the tail signed');
  return { kind: 'signed', sequence: checkpoint.sequence, events };
}

import {
  AUDIT_CHAIN_VERIFICATIONS_COLLECTION,
  AUDIT_CHECKPOINT_STREAM,
  LATEST_CHAIN_VERIFICATION_ID,
  type ChainBreakDto,
  type ChainVerificationStatus,
} from '@concierge/contracts';
import type { AuditSigningKey } from '@concierge/platform/audit/audit-key';
import { appendCheckpoint, checkCheckpoint, checkpointEvents, loadCheckpointStream } from '@concierge/platform/audit/checkpoints';
import { verifyChains } from '@concierge/platform/audit/verify';
import { WrongExpectedRevisionError, type EventStore } from '@concierge/platform/event-store/port';
import { formatPosition } from '@concierge/platform/event-store/position';
import type { ReadModelDoc, ReadStore } from '@concierge/platform/read-store/port';
import type { Logger } from 'pino';

/** Breaks the status document lists in full; breakCount counts all of them. */
const KEPT_BREAKS = 20;

export interface AuditCheckpointDeps {
  readonly eventStore: EventStore;
  /** Where the last verification's status is kept for the verification panel. */
  readonly readStore: ReadStore;
  /** Held in memory only: it signs, and is never passed on. */
  readonly key: AuditSigningKey;
  readonly logger: Logger;
  readonly now?: () => Date;
  /** Heads per event and events per append of a checkpoint: the defaults, unless a test wants a checkpoint split. */
  readonly headsPerEvent?: number;
  readonly eventsPerAppend?: number;
}

/**
 * One checkpoint run: verifies every chain against the latest checkpoint (its signature and root
 * first), and only when everything holds appends the next signed checkpoint of the heads it read:
 * a broken store is reported, never signed. The result is kept in AUDIT_CHAIN_VERIFICATIONS_COLLECTION.
 * Safe to run twice: a run that loses the race to append the next checkpoint signs nothing.
 */
export async function runAuditCheckpoint(deps: AuditCheckpointDeps, runId: string): Promise<ChainVerificationStatus> {
  const now = deps.now ?? (() => new Date());
  const { latest: previous, lastRevision } = await loadCheckpointStream(deps.eventStore);
  const refused: ChainBreakDto[] = (previous ? checkCheckpoint(previous, deps.key) : []).map((message) => ({
    streamId: AUDIT_CHECKPOINT_STREAM,
    revision: String(previous?.revision ?? 0n),
    kind: 'checkpoint-refused',
    message,
  }));
  const report = await verifyChains(deps.eventStore, previous && refused.length === 0 ? { against: previous.heads } : {});
  const breaks = [...refused, ...report.breaks.map((b) => ({ streamId: b.streamId, revision: b.revision.toString(), kind: b.kind, message: b.message }))];
  let checkpointSequence: number | null = null;
  if (breaks.length === 0) {
    const at = now();
    const { events, checkpoint } = checkpointEvents({
      heads: report.heads,
      upTo: report.upTo,
      previous,
      key: deps.key,
      now: at,
      ...(deps.headsPerEvent === undefined ? {} : { headsPerEvent: deps.headsPerEvent }),
      metadata: { actor: { type: 'system', reason: 'audit-checkpoint' }, correlationId: runId, causationId: runId, occurredAt: at.toISOString(), schemaVersion: 1 },
    });
    try {
      await appendCheckpoint(deps.eventStore, events, lastRevision, deps.eventsPerAppend);
      checkpointSequence = checkpoint.sequence;
      // The root and key id are public: logging them leaves a copy of the checkpoint outside the store.
      deps.logger.info({ sequence: checkpoint.sequence, merkleRoot: checkpoint.merkleRoot, streams: checkpoint.streams, events: checkpoint.events, keyId: checkpoint.keyId }, 'audit checkpoint signed');
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      deps.logger.info({ runId }, 'another run signed a checkpoint meanwhile; this one signs nothing');
    }
  } else {
    deps.logger.error({ breaks: breaks.length, first: breaks[0]?.message }, 'audit chain verification found breaks: no checkpoint signed');
  }
  const status: ChainVerificationStatus = {
    id: LATEST_CHAIN_VERIFICATION_ID,
    status: breaks.length === 0 ? 'ok' : 'broken',
    verifiedAt: now().toISOString(),
    streams: report.streams,
    events: report.events,
    seconds: Math.round(report.seconds * 1000) / 1000,
    upTo: formatPosition(report.upTo),
    breakCount: breaks.length,
    breaks: breaks.slice(0, KEPT_BREAKS),
    checkpointSequence,
  };
  await deps.readStore.collection<ReadModelDoc>(AUDIT_CHAIN_VERIFICATIONS_COLLECTION).upsert(status);
  return status;
}

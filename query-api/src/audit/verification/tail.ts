import { AUDIT_CHECKPOINT_STREAM, TAIL_BREAKS_LISTED, type ChainBreakDto, type TailVerification } from '@concierge/contracts';
import type { AuditPublicKey } from '@concierge/platform/audit/audit-key';
import { checkCheckpoint, loadLatestCheckpoint } from '@concierge/platform/audit/checkpoints';
import { verifyChains } from '@concierge/platform/audit/verify';
import type { EventStore } from '@concierge/platform/event-store/port';
import { formatPosition, maxPosition, parsePosition } from '@concierge/platform/event-store/position';
import type { SomeHandlers } from '@concierge/platform/http/handlers';
import { notImplemented } from '@concierge/platform/http/route-table';

export interface TailCheckDeps {
  /** Without it the route stays unbuilt (501). */
  readonly eventStore?: EventStore | undefined;
  /** The checkpoint's signature and root are checked with it; without it `signatureValid` is null. */
  readonly auditPublicKey?: AuditPublicKey | undefined;
  readonly now?: (() => Date) | undefined;
}

/**
 * POST /audit/verification/tail: every event after the last signed checkpoint, its hash recomputed
 * and its link to the event before it checked now (platform/src/audit/verify.ts, from the
 * checkpoint's position). Checks asked for while one runs share its answer, so clicks cannot pile
 * up reads of the store. A checkpoint whose signature or root fails is itself a break: where the
 * tail starts could not be trusted.
 */
export function tailCheckHandlers(deps: TailCheckDeps) {
  const { eventStore } = deps;
  if (!eventStore) return { 'audit.verifyTail': notImplemented } satisfies SomeHandlers<'query'>;
  const now = deps.now ?? (() => new Date());
  let running: Promise<TailVerification> | undefined;
  const check = async (): Promise<TailVerification> => {
    const loaded = await loadLatestCheckpoint(eventStore);
    const since = loaded ? parsePosition(loaded.checkpoint.upTo) : undefined;
    const report = await verifyChains(eventStore, since ? { since } : {});
    const problems = loaded && deps.auditPublicKey ? checkCheckpoint(loaded, deps.auditPublicKey) : [];
    const checkpointBreaks: ChainBreakDto[] = loaded
      ? problems.map((message) => ({ streamId: AUDIT_CHECKPOINT_STREAM, revision: String(loaded.revision), kind: 'checkpoint-invalid', message }))
      : [];
    const breaks = [...checkpointBreaks, ...report.breaks.map((b) => ({ streamId: b.streamId, revision: String(b.revision), kind: b.kind, message: b.message }))];
    return {
      verdict: breaks.length === 0 ? 'intact' : 'broken',
      checkedAt: now().toISOString(),
      checkpoint: loaded
        ? { sequence: loaded.checkpoint.sequence, upTo: loaded.checkpoint.upTo, createdAt: loaded.checkpoint.createdAt, signatureValid: deps.auditPublicKey ? problems.length === 0 : null }
        : null,
      from: loaded?.checkpoint.upTo ?? '0-0',
      // With nothing after the checkpoint, the tail ends where it starts.
      upTo: formatPosition(since ? maxPosition(report.upTo, since) : report.upTo),
      events: report.events,
      streams: report.streams,
      breakCount: breaks.length,
      breaks: breaks.slice(0, TAIL_BREAKS_LISTED),
    };
  };
  return {
    'audit.verifyTail': async () => {
      running ??= check().finally(() => {
        running = undefined;
      });
      return running;
    },
  } satisfies SomeHandlers<'query'>;
}

import {
  AUDIT_CHAIN_VERIFICATIONS_COLLECTION,
  AUDIT_CHECKPOINT_STREAM,
  AuditCheckpointSigned,
  ChainVerificationStatus,
  LATEST_CHAIN_VERIFICATION_ID,
  REPLAY_VERIFICATIONS_COLLECTION,
  type ReplayVerificationReport,
  type VerificationOverview,
} from '@concierge/contracts';
import { verifyText, type AuditPublicKey } from '@concierge/platform/audit/audit-key';
import { signedText } from '@concierge/platform/audit/checkpoints';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { SomeHandlers } from '@concierge/platform/http/handlers';
import { notImplemented } from '@concierge/platform/http/route-table';
import type { ReadModelDoc, ReadStore } from '@concierge/platform/read-store/port';

export interface VerificationDeps {
  readonly readStore: ReadStore;
  /** The last signed checkpoint is read from it; without it the route stays unbuilt (501). */
  readonly eventStore?: EventStore | undefined;
  readonly auditPublicKey?: AuditPublicKey | undefined;
}

/**
 * GET /audit/verification: the verification panel in one answer. The chain status is the checkpoint
 * job's last verification (read store), the checkpoint is read from its stream in the event store
 * (the record itself, not a copy), the replay-verification is the latest report in brief.
 */
export function verificationHandlers(deps: VerificationDeps) {
  const { eventStore } = deps;
  if (!eventStore) return { 'audit.verification': notImplemented } satisfies SomeHandlers<'query'>;
  return {
    'audit.verification': async (): Promise<VerificationOverview> => {
      const chainDoc = await deps.readStore.collection<ReadModelDoc>(AUDIT_CHAIN_VERIFICATIONS_COLLECTION).get(LATEST_CHAIN_VERIFICATION_ID);
      const chain = chainDoc ? ChainVerificationStatus.safeParse(chainDoc) : undefined;
      // Heads events of a run cut short may follow the last signed checkpoint: look back past them.
      const recent = await eventStore.readStream(AUDIT_CHECKPOINT_STREAM, { direction: 'backwards', maxCount: 100 });
      const last = recent.find((event) => event.type === 'AuditCheckpointSigned');
      const signed = last ? AuditCheckpointSigned.safeParse(last.data) : undefined;
      const [replay] = (await deps.readStore
        .collection<ReadModelDoc>(REPLAY_VERIFICATIONS_COLLECTION)
        .find({ sort: [{ field: 'requestedAt', direction: 'desc' }], limit: 1 })) as unknown as ReplayVerificationReport[];
      const key = deps.auditPublicKey;
      const checkpoint = signed?.success
        ? (({ format: _format, ...rest }) => ({ ...rest, signatureValid: key ? verifyText(key, signedText(signed.data), signed.data.signature) : null }))(signed.data)
        : null;
      return {
        auditKey: deps.auditPublicKey ? { keyId: deps.auditPublicKey.keyId, pem: deps.auditPublicKey.pem } : null,
        chain: chain?.success ? chain.data : null,
        checkpoint,
        replay: replay
          ? { id: replay.id, status: replay.status, requestedAt: replay.requestedAt, finishedAt: replay.finishedAt, differenceCount: replay.differenceCount }
          : null,
      };
    },
  } satisfies SomeHandlers<'query'>;
}

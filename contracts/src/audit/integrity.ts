import { z } from 'zod';
import { PositionText } from '../shared/envelope.js';
import { blankAsAbsent } from '../shared/fields.js';
import { streamName } from '../shared/streams.js';

/** Where signed checkpoints of the hash chains are appended: one stream for the whole store. */
export const AUDIT_CHECKPOINT_STREAM = streamName('auditCheckpoints', 'store');
/** Read-store collection of the checkpoint job's last chain verification (one document, id `latest`). */
export const AUDIT_CHAIN_VERIFICATIONS_COLLECTION = 'audit_chain_verifications';
export const LATEST_CHAIN_VERIFICATION_ID = 'latest';

const Hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const RevisionText = z.string().regex(/^\d{1,20}$/);

/**
 * Stream heads that changed since the previous checkpoint, as [stream, revision, hash]; a
 * checkpoint's full heads are these folded over every checkpoint up to it (at most
 * CHECKPOINT_HEADS_PER_EVENT per event). A large checkpoint is appended in several appends (an
 * EventStoreDB append is limited in size), the AuditCheckpointSigned last; heads events count only
 * once the signed event with their checkpointId follows, so a run cut short leaves nothing that counts.
 */
export const AuditCheckpointHeadsRecorded = z.object({
  checkpointId: z.uuid(),
  sequence: z.number().int().min(1),
  heads: z.array(z.tuple([z.string().min(1), RevisionText, Hex64])),
});
export type AuditCheckpointHeadsRecorded = z.infer<typeof AuditCheckpointHeadsRecorded>;
export const CHECKPOINT_HEADS_PER_EVENT = 1_000;
/** Events per append of a checkpoint (about 100 KB of heads each: an append stays well under EventStoreDB's 1 MB). */
export const CHECKPOINT_EVENTS_PER_APPEND = 5;

/** What the audit key signs: the RFC 8785 text of these fields (every field but `signature`). */
export const SignedCheckpointFields = z.object({
  format: z.literal('concierge-audit-checkpoint/1'),
  /** Names this checkpoint's heads events. */
  checkpointId: z.uuid(),
  sequence: z.number().int().min(1),
  /** Global position of the last event the heads cover. */
  upTo: PositionText,
  /** RFC 6962 Merkle root over every stream's head (platform/src/audit/stream-heads.ts). */
  merkleRoot: Hex64,
  streams: z.number().int().min(0),
  /** Events the heads cover: the sum of every head's revision + 1. */
  events: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  /** First 16 hex digits of SHA-256 over the public key's DER (SPKI). */
  keyId: z.string().regex(/^[0-9a-f]{16}$/),
});
export type SignedCheckpointFields = z.infer<typeof SignedCheckpointFields>;

/** A signed checkpoint: the fields above and their Ed25519 signature (base64). */
export const AuditCheckpointSigned = SignedCheckpointFields.extend({ signature: z.string().min(1) });
export type AuditCheckpointSigned = z.infer<typeof AuditCheckpointSigned>;

/** The integrity events, registered with the audit context's. */
export const auditCheckpointEvents = { AuditCheckpointHeadsRecorded, AuditCheckpointSigned } as const;

/** One break the checkpoint job's verification found (the first ones are kept). */
export const ChainBreakDto = z.object({ streamId: z.string(), revision: z.string(), kind: z.string(), message: z.string() });
export type ChainBreakDto = z.infer<typeof ChainBreakDto>;

/** The checkpoint job's last chain verification, as the verification panel shows it. */
export const ChainVerificationStatus = z.object({
  id: z.string(),
  status: z.enum(['ok', 'broken']),
  verifiedAt: z.string(),
  streams: z.number().int(),
  events: z.number().int(),
  seconds: z.number(),
  upTo: PositionText,
  breakCount: z.number().int(),
  breaks: z.array(ChainBreakDto),
  /** The checkpoint signed after this verification (null when broken: a broken store is never signed). */
  checkpointSequence: z.number().int().nullable(),
});
export type ChainVerificationStatus = z.infer<typeof ChainVerificationStatus>;

/** The last signed checkpoint as auditors see it; `signatureValid` is null where the query API has no audit key. */
export const CheckpointSummary = SignedCheckpointFields.omit({ format: true }).extend({ signature: z.string(), signatureValid: z.boolean().nullable() });
export type CheckpointSummary = z.infer<typeof CheckpointSummary>;

/** The latest replay-verification in brief; its full report is GET /audit/replay-verifications/latest. */
export const ReplaySummary = z.object({
  id: z.string(),
  status: z.string(),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
  differenceCount: z.number().int(),
});

/** GET /audit/verification: the verification panel; each part is null until it has run once. */
export const VerificationOverview = z.object({
  /** The audit public key checkpoints are verified with (null where the query API is not given it). */
  auditKey: z.object({ keyId: z.string(), pem: z.string() }).nullable(),
  chain: ChainVerificationStatus.nullable(),
  checkpoint: CheckpointSummary.nullable(),
  replay: ReplaySummary.nullable(),
});
export type VerificationOverview = z.infer<typeof VerificationOverview>;

/** GET /audit/export: one stream's events as JSON lines, in the format of `npm run audit -- export`. */
const exportInstant = (label: string) =>
  blankAsAbsent(
    z.iso.datetime({ offset: true, error: `${label} must be an ISO date-time with a zone, such as 2026-01-31T09:00:00Z` }).transform((text) => new Date(text).toISOString()),
  );
export const AuditExportQuery = z
  .object({
    stream: z
      .string({ error: 'stream is required: the id of the stream to export, such as account-42' })
      .regex(/^[A-Za-z]{1,40}-.{1,200}$/, { error: 'stream must look like <category>-<id>, such as account-42' }),
    from: exportInstant('from'),
    to: exportInstant('to'),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { error: 'from must not be after to', path: ['from'] });
export type AuditExportQuery = z.infer<typeof AuditExportQuery>;

/** The export's media type (one JSON value per line). */
export const AUDIT_EXPORT_MEDIA_TYPE = 'application/x-ndjson';

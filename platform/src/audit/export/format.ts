import { z } from 'zod';
import { AuditCheckpointSigned } from '@concierge/contracts';

/**
 * An audit export is JSON lines: a header, one line per event in global order (a stream's events
 * in revision order), and a trailer. Everything needed to check it offline is in the file: each
 * event's chain fields, and in the header the latest signed checkpoint, the audit public key and,
 * for every stream the export covers, that stream's checkpointed head with its Merkle path to the
 * signed root (so the other streams' heads need not travel).
 *
 * Format 2 withholds credential material (platform/src/audit/withheld.ts): an event whose data held
 * some shows its data without those fields, names them in `withheld`, and carries the digest of its
 * content as recorded in `contentDigest`, which the chain step hashes instead. Format 1 files
 * (everything shown) are still read.
 */
export const EXPORT_FORMAT = 'concierge-audit-export/2';
/** The first format, written before credential material was withheld: no event line may withhold anything. */
export const EXPORT_FORMAT_V1 = 'concierge-audit-export/1';

const Hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const Revision = z.string().regex(/^\d{1,20}$/);

/** What was exported: one stream, a category or everything, optionally recorded within [from, to]. */
export const ExportFilter = z.object({
  stream: z.string().optional(),
  category: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
});
export type ExportFilter = z.infer<typeof ExportFilter>;

/** A checkpointed head with its RFC 6962 audit path (bottom up) in a tree of `checkpointSize` leaves. */
export const ExportHead = z.object({ stream: z.string(), revision: Revision, hash: Hex64, index: z.number().int().min(0), path: z.array(Hex64) });
export type ExportHead = z.infer<typeof ExportHead>;

export const ExportHeader = z.object({
  kind: z.literal('header'),
  format: z.enum([EXPORT_FORMAT, EXPORT_FORMAT_V1]),
  exportedAt: z.string(),
  filter: ExportFilter,
  /** How hashes are computed: chain v1 of platform/src/event-store/hash-chain.ts. */
  chain: z.literal('sha256-chain/1'),
  checkpoint: AuditCheckpointSigned.nullable(),
  /** Leaves of the checkpoint's Merkle tree (every stream it recorded). */
  checkpointSize: z.number().int().min(0).nullable(),
  /** The audit public key (SPKI PEM); compare its id with `npm run audit -- public-key` from a trusted source. */
  publicKey: z.string().nullable(),
  heads: z.array(ExportHead),
});
export type ExportHeader = z.infer<typeof ExportHeader>;

export const ExportEvent = z.object({
  kind: z.literal('event'),
  stream: z.string().min(1),
  revision: Revision,
  position: z.string(),
  id: z.string(),
  type: z.string(),
  /** When the store recorded it. */
  time: z.string(),
  data: z.record(z.string(), z.unknown()),
  metadata: z.unknown(),
  /** Format 2: the data fields left out as credential material; present only with contentDigest. */
  withheld: z.array(z.string()).optional(),
  /** Format 2: hex SHA-256 of the content as recorded, withheld fields included (chain v1's content digest). */
  contentDigest: Hex64.optional(),
  previousHash: Hex64,
  hash: Hex64,
});
export type ExportEvent = z.infer<typeof ExportEvent>;

export const ExportTrailer = z.object({ kind: z.literal('trailer'), events: z.number().int().min(0), streams: z.number().int().min(0) });
export type ExportTrailer = z.infer<typeof ExportTrailer>;

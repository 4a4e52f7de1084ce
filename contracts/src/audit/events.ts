import { z } from 'zod';
import { auditCheckpointEvents } from './integrity.js';

/**
 * An auditor's (or an admin's) read of audit data, appended to `auditReads-<userId>` before the
 * answer leaves the query API: what was asked for, by route and its parsed input.
 */
export const AuditRecordsViewed = z.object({
  userId: z.string().min(1),
  role: z.string().min(1),
  /** The route table id, such as `audit.stream`. */
  routeId: z.string().min(1),
  /** The concrete request path below /api, such as `/audit/streams/account-42`. */
  path: z.string(),
  params: z.record(z.string(), z.unknown()),
  query: z.record(z.string(), z.unknown()),
  readAt: z.iso.datetime(),
});
export type AuditRecordsViewed = z.infer<typeof AuditRecordsViewed>;

/** The audit context's event schemas. */
export const auditEvents = { AuditRecordsViewed, ...auditCheckpointEvents } as const;

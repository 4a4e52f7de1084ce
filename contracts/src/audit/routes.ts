import { z } from 'zod';
import { EmptyBody } from '../shared/fields.js';
import { defineRoute } from '../shared/route.js';
import {
  AuditEventsQuery,
  AuditEventsResponse,
  AuditStreamParams,
  AuditStreamQuery,
  AuditStreamResponse,
  AuditStreamsQuery,
  AuditStreamsResponse,
} from './dto.js';
import { AuditExportQuery, VerificationOverview } from './integrity.js';
import { TailVerification } from './tail-check.js';
import { ReplayVerificationAccepted, ReplayVerificationParams, ReplayVerificationReport } from './replay-verify.js';
import { TimeTravelParams, TimeTravelQuery, TimeTravelResponse } from './time-travel.js';

/** An addition to the first design: auditors read the event store (streams and $all), never write. */

export const listStreams = defineRoute({
  id: 'audit.streams',
  method: 'GET',
  path: '/audit/streams',
  side: 'query',
  access: ['auditor', 'admin'],
  summary: 'Streams with their event count and last event, newest activity first; by category and stream id search; exact total.',
  query: AuditStreamsQuery,
  response: AuditStreamsResponse,
  reads: ['auditStreams'],
});

export const readStream = defineRoute({
  id: 'audit.stream',
  method: 'GET',
  path: '/audit/streams/:streamId',
  side: 'query',
  access: ['auditor', 'admin'],
  summary: 'The events of one stream, forwards or backwards, read from the event store itself.',
  params: AuditStreamParams,
  query: AuditStreamQuery,
  response: AuditStreamResponse,
});

export const readAll = defineRoute({
  id: 'audit.all',
  method: 'GET',
  path: '/audit/events',
  side: 'query',
  access: ['auditor', 'admin'],
  summary: 'Events of every stream in global order, by type, category, time range, actor and correlation id; exact total.',
  query: AuditEventsQuery,
  response: AuditEventsResponse,
  reads: ['auditEvents'],
});

export const memberAt = defineRoute({
  id: 'audit.memberAt',
  method: 'GET',
  path: '/audit/members/:userId/at',
  side: 'query',
  access: ['auditor', 'admin'],
  summary: "A member's account at an instant (balance, reserved, withdrawals, addresses, plan, valuation), rebuilt from the event streams up to it.",
  params: TimeTravelParams,
  query: TimeTravelQuery,
  response: TimeTravelResponse,
});

/**
 * Queues a replay-verification; it changes no domain state, so auditors may start one too. One run
 * at a time (a start while one is queued or running answers that one), and none within the minimum
 * interval after a full run (429 with Retry-After).
 */
export const startReplayVerification = defineRoute({
  id: 'audit.startReplayVerification',
  method: 'POST',
  path: '/audit/replay-verifications',
  side: 'query',
  status: 202,
  access: ['auditor', 'admin'],
  rateLimited: true,
  summary:
    'Rebuild every read model from the event store into a scratch store and compare it with the live one as of one position (202, runs in the workers); a start while one runs answers that one, and within the minimum interval after a full run it answers 429 with Retry-After.',
  body: EmptyBody,
  response: ReplayVerificationAccepted,
});

export const latestReplayVerification = defineRoute({
  id: 'audit.latestReplayVerification',
  method: 'GET',
  path: '/audit/replay-verifications/latest',
  side: 'query',
  access: ['auditor', 'admin'],
  summary: 'The most recently requested replay-verification, with its status and report.',
  response: ReplayVerificationReport,
});

export const replayVerification = defineRoute({
  id: 'audit.replayVerification',
  method: 'GET',
  path: '/audit/replay-verifications/:id',
  side: 'query',
  access: ['auditor', 'admin'],
  summary: 'One replay-verification: its status and report.',
  params: ReplayVerificationParams,
  response: ReplayVerificationReport,
});

/** One stream's events as JSON lines with what checks them offline (`npm run audit -- verify-export`). */
export const exportStream = defineRoute({
  id: 'audit.export',
  method: 'GET',
  path: '/audit/export',
  side: 'query',
  contentType: 'application/x-ndjson',
  access: ['auditor', 'admin'],
  summary: "A stream's events as a JSON-lines attachment (application/x-ndjson) with the latest signed checkpoint and its proof, the format of npm run audit -- export.",
  query: AuditExportQuery,
  response: z.string(),
});

export const verification = defineRoute({
  id: 'audit.verification',
  method: 'GET',
  path: '/audit/verification',
  side: 'query',
  access: ['auditor', 'admin'],
  summary: 'The verification panel: the last chain verification, the last signed checkpoint and the last replay-verification.',
  response: VerificationOverview,
});

/**
 * The tail check: the hash chain of every event after the last signed checkpoint, verified now. A
 * POST: it does work on each call and reads no one's records (its answer names streams and
 * revisions only), so it is not recorded as an audit read and never moves the store.
 */
export const verifyTail = defineRoute({
  id: 'audit.verifyTail',
  method: 'POST',
  path: '/audit/verification/tail',
  side: 'query',
  access: ['auditor', 'admin'],
  summary: 'Verify now the hash chain of every event after the last signed checkpoint: the verdict, the events and streams checked, the positions, and each break by stream and revision.',
  body: EmptyBody,
  response: TailVerification,
});

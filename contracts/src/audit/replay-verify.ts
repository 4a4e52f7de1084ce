import { z } from 'zod';
import { idField } from '../shared/fields.js';

/** BullMQ queue of replay-verifications: started from the page, run by the workers. */
export const REPLAY_VERIFY_QUEUE = 'replay-verify';
export const REPLAY_VERIFY = 'REPLAY_VERIFY';
/** The read-store collection that keeps each verification's status and report (written by the job, not by a projection). */
export const REPLAY_VERIFICATIONS_COLLECTION = 'replay_verifications';

/** Who asked for a verification. */
export const ReplayRequester = z.object({ userId: z.string(), role: z.string() });

/** The job's payload: the verification's id (also its job id and document id) and who asked. */
export const ReplayVerifyJob = z.object({ verificationId: z.uuid(), requestedBy: ReplayRequester.nullable() });
export type ReplayVerifyJob = z.infer<typeof ReplayVerifyJob>;

/** How many differences a report lists in full; the counts always cover all of them. */
export const REPORTED_DIFFERENCES_MAX = 500;

export const ReplayVerificationStatus = z.enum(['queued', 'running', 'passed', 'failed', 'error']);
export type ReplayVerificationStatus = z.infer<typeof ReplayVerificationStatus>;

/** One field that differs: its dotted path from the document's root, and both values (absent: undefined, shown as missing). */
export const ReplayFieldDifference = z.object({ path: z.string(), live: z.unknown(), rebuilt: z.unknown() });
export type ReplayFieldDifference = z.infer<typeof ReplayFieldDifference>;

/** A document that is not the same in the live read model and in the one rebuilt from the events. */
export const ReplayDifference = z.object({
  projection: z.string(),
  collection: z.string(),
  documentId: z.string(),
  /** `missing-live`: the rebuild has it, live does not; `missing-rebuilt`: live has one the events do not make; `changed`: both, unequal. */
  kind: z.enum(['missing-live', 'missing-rebuilt', 'changed']),
  fields: z.array(ReplayFieldDifference),
});
export type ReplayDifference = z.infer<typeof ReplayDifference>;

/** What one projection's comparison covered: the position both sides were compared at, and document counts. */
export const ReplayProjectionResult = z.object({
  projection: z.string(),
  /** The position both sides were compared as of (`<commit>-<prepare>`): the run's pin (reports before it: the live checkpoint, null when none). */
  position: z.string().nullable(),
  collections: z.array(z.object({ collection: z.string(), live: z.number().int(), rebuilt: z.number().int(), differing: z.number().int() })),
  /** Documents that differed but were written by events after the pin: not counted, compared by the next run. */
  changedAfterPin: z.number().int().optional(),
});
export type ReplayProjectionResult = z.infer<typeof ReplayProjectionResult>;

/** A field left out of the comparison, named in every report so nothing is ignored silently. */
export const ReplayExclusion = z.object({ collection: z.string(), path: z.string(), reason: z.string() });
export type ReplayExclusion = z.infer<typeof ReplayExclusion>;

/** A verification's document in REPLAY_VERIFICATIONS_COLLECTION and the routes' answer. */
export const ReplayVerificationReport = z.object({
  id: z.string(),
  status: ReplayVerificationStatus,
  requestedBy: ReplayRequester.nullable(),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  /** The store's position pinned when the run started: every read model is compared as of it (null until it runs). */
  pinnedAt: z.string().nullable().optional(),
  finishedAt: z.string().nullable(),
  projections: z.array(ReplayProjectionResult),
  exclusions: z.array(ReplayExclusion),
  /** Every difference found; `differences` lists the first REPORTED_DIFFERENCES_MAX. */
  differenceCount: z.number().int(),
  differences: z.array(ReplayDifference),
  /** Why the run could not finish (status `error`). */
  error: z.string().nullable(),
});
export type ReplayVerificationReport = z.infer<typeof ReplayVerificationReport>;

/** A verification as it is asked for: queued, nothing compared yet (the route writes it; a job that finds none starts from it). */
export function queuedReplayVerification(id: string, requestedBy: ReplayVerificationReport['requestedBy'], requestedAt: string): ReplayVerificationReport {
  return {
    id,
    status: 'queued',
    requestedBy,
    requestedAt,
    startedAt: null,
    pinnedAt: null,
    finishedAt: null,
    projections: [],
    exclusions: [],
    differenceCount: 0,
    differences: [],
    error: null,
  };
}

/** POST /audit/replay-verifications answers 202 with the queued verification's id. */
export const ReplayVerificationAccepted = z.object({ id: z.string(), status: ReplayVerificationStatus });
export type ReplayVerificationAccepted = z.infer<typeof ReplayVerificationAccepted>;

export const ReplayVerificationParams = z.object({ id: idField('id') });
export type ReplayVerificationParams = z.infer<typeof ReplayVerificationParams>;

/**
 * One job per verification, its id the verification's: adding it again adds nothing. Never retried
 * on its own (a failed run is reported as `error`; the auditor starts another); kept a while for operators.
 */
export function replayVerifyJobOptions(verificationId: string) {
  return { jobId: verificationId, attempts: 1, removeOnComplete: 100, removeOnFail: 100 };
}

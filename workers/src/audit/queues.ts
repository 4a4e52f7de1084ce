import type { JobsOptions } from 'bullmq';

/** Queue of the signed checkpoints of the hash chains; a job scheduler adds one AUDIT_CHECKPOINT per AUDIT_CHECKPOINT_INTERVAL. */
export const AUDIT_CHECKPOINT_QUEUE = 'AUDIT_CHECKPOINTS';
export const AUDIT_CHECKPOINT = 'AUDIT_CHECKPOINT';
/** Id of the checkpoint's job scheduler: upserted at every start, never doubled. */
export const AUDIT_CHECKPOINT_SCHEDULER = 'audit-checkpoints';
/** The tail's checkpoint (AUDIT_CHECKPOINT_EVERY / _EVERY_EVENTS): looked at every few seconds, signed when due. */
export const AUDIT_CHECKPOINT_TAIL = 'AUDIT_CHECKPOINT_TAIL';
export const AUDIT_CHECKPOINT_TAIL_SCHEDULER = 'audit-checkpoints-tail';
/** A look that fails is not retried: the next one comes a few seconds later. */
export const AUDIT_CHECKPOINT_TAIL_JOB_OPTIONS: JobsOptions = { attempts: 1, removeOnComplete: 10, removeOnFail: 50 };
/** A failed run is retried once; the next scheduled one covers everything since anyway. */
export const AUDIT_CHECKPOINT_JOB_OPTIONS: JobsOptions = { attempts: 2, backoff: { type: 'exponential', delay: 30_000 }, removeOnComplete: 100, removeOnFail: 100 };

/** Queue of the replay-verifications auditors ask for; in contracts because the query API enqueues them. */
export { REPLAY_VERIFY_QUEUE } from '@concierge/contracts';

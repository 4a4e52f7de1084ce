import { auditSigningKeyFrom } from '@concierge/platform/audit/audit-key';
import { startAuditCheckpoints } from '../jobs/audit-checkpoints/start.js';
import { auditEventsProjection } from '../projections/audit-events/projection.js';
import { auditStreamsProjection } from '../projections/audit-streams/projection.js';
import type { WorkersModule } from '../workers-module.js';
import { AUDIT_CHECKPOINT_QUEUE, REPLAY_VERIFY_QUEUE } from './queues.js';
import { startReplayVerifyWorker } from './replay-verify/job.js';
import { scratchFromConfig } from './replay-verify/scratch.js';

/** Audit: the auditors' stream and event indexes, the signed checkpoints of the hash chains, and replay-verifications. */
export const auditWorkers: WorkersModule<'audit'> = {
  context: 'audit',
  projections: [auditStreamsProjection, auditEventsProjection],
  queues: [AUDIT_CHECKPOINT_QUEUE, REPLAY_VERIFY_QUEUE],
  async start({ config, logger, stores, projections, observe }) {
    const queue = { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, logger, observe };
    // Replay-verifications asked for from the auditors' page (POST /audit/replay-verifications).
    const replayVerification = startReplayVerifyWorker({ ...queue, eventStore: stores.eventStore, readStore: stores.readStore, scratch: scratchFromConfig(config), projections });
    // Signed checkpoints of the hash chains; the key is loaded here and stays in this process.
    const checkpoints = await startAuditCheckpoints({
      ...queue,
      eventStore: stores.eventStore,
      readStore: stores.readStore,
      key: auditSigningKeyFrom(config),
      intervalMs: config.AUDIT_CHECKPOINT_INTERVAL,
      tailEveryMs: config.AUDIT_CHECKPOINT_EVERY,
      tailEveryEvents: config.AUDIT_CHECKPOINT_EVERY_EVENTS,
    });
    return {
      reactors: [],
      stop: async () => {
        await Promise.all([replayVerification.close(), checkpoints.close()]);
      },
    };
  },
};

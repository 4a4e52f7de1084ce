import type { Logger } from 'pino';
import type { AuditPublicKey } from '@concierge/platform/audit/audit-key';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { SomeHandlers } from '@concierge/platform/http/handlers';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { auditExportHandlers } from './export/routes.js';
import { replayVerifyQueryHandlers, type ReplayVerifyQueue } from './replay-verify/routes.js';
import type { StartLock } from './replay-verify/start-lock.js';
import { auditQueryHandlers } from './routes.js';
import { timeTravelQueryHandlers } from './time-travel/routes.js';
import { verificationHandlers } from './verification/routes.js';
import { tailCheckHandlers } from './verification/tail.js';

export interface AuditHandlerDeps {
  readonly readStore: ReadStore;
  readonly logger: Logger;
  /** The event store the auditors' routes read; without it those routes answer 501. */
  readonly eventStore?: EventStore | undefined;
  readonly replayQueue?: ReplayVerifyQueue | undefined;
  readonly replayStartLock?: StartLock | undefined;
  readonly replayMinIntervalMs?: number | undefined;
  readonly auditPublicKey?: AuditPublicKey | undefined;
}

/** The audit context's query routes: the stream browser and search, time travel, exports and the verification panel. */
export function auditHandlers(deps: AuditHandlerDeps) {
  return {
    ...auditQueryHandlers(deps),
    ...timeTravelQueryHandlers(deps),
    ...replayVerifyQueryHandlers(deps),
    ...auditExportHandlers(deps),
    ...verificationHandlers(deps),
    ...tailCheckHandlers(deps),
  } satisfies SomeHandlers<'query'>;
}

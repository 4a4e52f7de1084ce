/**
 * Redis key the workers refresh while they run (value: epoch ms of the last beat), so readiness can
 * tell that the process behind the queues is alive. It expires after `WORKERS_HEARTBEAT_TTL_MS`.
 */
export const workersHeartbeatKey = (queuePrefix: string) => `${queuePrefix}:heartbeat:workers`;
export const WORKERS_HEARTBEAT_INTERVAL_MS = 5_000;
export const WORKERS_HEARTBEAT_TTL_MS = 20_000;

import { Redis } from 'ioredis';

/** BullMQ workers block on Redis, so commands must wait for a reconnect rather than fail. */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true });
}

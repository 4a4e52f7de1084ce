import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** An account whose standing changed, and the position of the event that changed it. */
export interface StandingChange {
  readonly userId: string;
  /** `<commit>-<prepare>`; absent when the writer does not know it. */
  readonly position?: string;
}

/** `'all'`: notices may have been lost (the channel reconnected); forget every cached standing. */
export type StandingChangeListener = (change: StandingChange | 'all') => void;

/**
 * Tells every process of the deployment that an account's standing changed, so a suspension,
 * demotion or sign-out is enforced on the very next request instead of after a cache expiry.
 */
export interface StandingChanges {
  publish(change: StandingChange): Promise<void>;
  subscribe(listener: StandingChangeListener): () => void;
  close(): Promise<void>;
}

/** Publishing waits at most this long: a Redis outage must not hold a command's answer. */
const PUBLISH_TIMEOUT_MS = 500;

const channelOf = (prefix: string) => `${prefix}:standing-changes`;

/**
 * Redis pub/sub. Listeners of this process hear its own publications at once, without the round
 * trip; other processes hear them through Redis. While Redis is away nothing is heard, so caches
 * fall back to their one-second expiry, and every listener is told `'all'` when it returns.
 */
export function redisStandingChanges(redisUrl: string, prefix: string, logger: Logger): StandingChanges {
  const channel = channelOf(prefix);
  // Marks this process's own messages, which its listeners already heard.
  const origin = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const listeners = new Set<StandingChangeListener>();
  const emit = (change: StandingChange | 'all') => {
    for (const listener of listeners) listener(change);
  };
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
  let warned = false;
  const warnOnce = (error: Error) => {
    if (warned) return;
    warned = true;
    logger.warn({ err: error.message }, 'standing-change channel unavailable; caches fall back to their one-second expiry');
  };
  publisher.on('error', warnOnce);
  subscriber.on('error', warnOnce);
  let subscribedOnce = false;
  subscriber.on('ready', () => {
    void subscriber.subscribe(channel).then(
      () => {
        if (subscribedOnce) emit('all');
        subscribedOnce = true;
        warned = false;
      },
      (error: unknown) => warnOnce(error instanceof Error ? error : new Error(String(error))),
    );
  });
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    try {
      const parsed = JSON.parse(message) as { userId?: unknown; position?: unknown; origin?: unknown };
      if (parsed.origin === origin || typeof parsed.userId !== 'string') return;
      emit({ userId: parsed.userId, ...(typeof parsed.position === 'string' ? { position: parsed.position } : {}) });
    } catch {
      // Not ours to read: ignore.
    }
  });

  return {
    async publish(change) {
      emit(change);
      const message = JSON.stringify({ ...change, origin });
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          publisher.publish(channel, message),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('publish timed out')), PUBLISH_TIMEOUT_MS);
          }),
        ]);
      } catch (error) {
        warnOnce(error instanceof Error ? error : new Error(String(error)));
      } finally {
        clearTimeout(timer);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

/** One process only (tests, CLIs): listeners hear what this process publishes. */
export function localStandingChanges(): StandingChanges {
  const listeners = new Set<StandingChangeListener>();
  return {
    async publish(change) {
      for (const listener of listeners) listener(change);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}

import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** An account whose standing changed, and the position of the event that changed it. */
export interface StandingChange {
  readonly userId: string;
  /** `<commit>-<prepare>`; absent when the writer does not know it. */
  readonly position?: string;
}

/**
 * `'lost'`: the channel stopped delivering (Redis went away); from now on changes may go unheard.
 * `'all'`: the channel delivers again, or for the first time; what changed before may have gone
 * unheard, so every cached standing is suspect until its source has caught up.
 */
export type StandingChangeListener = (change: StandingChange | 'lost' | 'all') => void;

/**
 * Tells every process of the deployment that an account's standing changed, so a suspension,
 * demotion or sign-out is enforced on the very next request instead of after a cache expiry.
 */
export interface StandingChanges {
  publish(change: StandingChange): Promise<void>;
  subscribe(listener: StandingChangeListener): () => void;
  /** True while every change published anywhere in the deployment reaches this process's listeners. */
  live(): boolean;
  close(): Promise<void>;
}

/** Publishing waits at most this long: a Redis outage must not hold a command's answer. */
const PUBLISH_TIMEOUT_MS = 500;

const channelOf = (prefix: string) => `${prefix}:standing-changes`;

/** How often the subscription is checked; a channel that does not answer within it is lost. */
const CHANNEL_CHECK_MS = 1_000;

/**
 * Redis pub/sub. Listeners of this process hear its own publications at once, without the round
 * trip; other processes hear them through Redis. Listeners are told `'lost'` as soon as the
 * subscription's connection closes or stops answering a ping (a Redis that hangs), and `'all'`
 * once it is subscribed again.
 */
export function redisStandingChanges(redisUrl: string, prefix: string, logger: Logger): StandingChanges {
  const channel = channelOf(prefix);
  // Marks this process's own messages, which its listeners already heard.
  const origin = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const listeners = new Set<StandingChangeListener>();
  const emit = (change: Parameters<StandingChangeListener>[0]) => {
    for (const listener of listeners) listener(change);
  };
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
  let warned = false;
  const warnOnce = (error: Error) => {
    if (warned) return;
    warned = true;
    logger.warn({ err: error.message }, 'standing-change channel unavailable; standings are read from the store on every request');
  };
  publisher.on('error', warnOnce);
  subscriber.on('error', warnOnce);
  let live = false;
  const lose = () => {
    if (!live) return;
    live = false;
    emit('lost');
  };
  subscriber.on('close', lose);
  subscriber.on('ready', () => {
    void subscriber.subscribe(channel).then(
      () => {
        if (subscriber.status !== 'ready') return;
        live = true;
        warned = false;
        emit('all');
      },
      (error: unknown) => warnOnce(error instanceof Error ? error : new Error(String(error))),
    );
  });
  // A Redis that hangs keeps its connections open and delivers nothing: a subscription that does
  // not answer a ping in time counts as lost, and a new connection subscribes again.
  let checking = false;
  const check = setInterval(() => {
    if (!live || checking) return;
    checking = true;
    let timer: NodeJS.Timeout | undefined;
    void Promise.race([
      subscriber.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('standing-change channel did not answer a ping')), CHANNEL_CHECK_MS);
      }),
    ])
      .catch((error: unknown) => {
        warnOnce(error instanceof Error ? error : new Error(String(error)));
        lose();
        subscriber.disconnect(true);
      })
      .finally(() => {
        clearTimeout(timer);
        checking = false;
      });
  }, CHANNEL_CHECK_MS);
  check.unref();
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
    live: () => live,
    async close() {
      clearInterval(check);
      listeners.clear();
      live = false;
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
    live: () => true,
    async close() {
      listeners.clear();
    },
  };
}

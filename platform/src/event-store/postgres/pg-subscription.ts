import pg from 'pg';
import type { ReadAllOptions, RecordedEvent, SubscribeOptions, SubscriptionHandle } from '../port.js';

interface Deps {
  readonly readAll: (options: ReadAllOptions) => Promise<RecordedEvent[]>;
  readonly connectionString: string;
  readonly channel: string;
}

const BATCH = 500;
/** Idle re-check when no notification comes (a notification can be lost with its connection). */
const IDLE_POLL_MS = 500;
/**
 * After a notification the new rows may still sit behind an older, unfinished transaction,
 * so we look again quickly for a while before falling back to the idle pace.
 */
const EAGER_POLL_MS = 5;
const EAGER_WINDOW_MS = 300;

/** Catch-up subscription: pages through history, then follows LISTEN/NOTIFY wake-ups. */
export function subscribeWithPolling(deps: Deps, options: SubscribeOptions): SubscriptionHandle {
  let closed = false;
  let after = options.after;
  let eagerUntil = 0;
  let wake: (() => void) | undefined;
  const listener = new pg.Client({ connectionString: deps.connectionString, application_name: 'concierge-subscription' });

  const nudge = () => {
    eagerUntil = Date.now() + EAGER_WINDOW_MS;
    wake?.();
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  async function run(): Promise<void> {
    listener.on('notification', nudge);
    await listener.connect();
    await listener.query(`LISTEN "${deps.channel}"`);
    let caughtUp = false;
    while (!closed) {
      const batch = await deps.readAll({ after, maxCount: BATCH });
      for (const event of batch) {
        if (closed) return;
        await options.onEvent(event);
        after = event.position;
      }
      if (batch.length === BATCH) continue;
      if (!caughtUp) {
        caughtUp = true;
        options.onCaughtUp?.();
      }
      if (batch.length > 0) continue;
      await sleep(Date.now() < eagerUntil ? EAGER_POLL_MS : IDLE_POLL_MS);
    }
  }

  const listenerFailed = new Promise<never>((_, reject) => {
    listener.on('error', (error) => {
      if (!closed) reject(error);
    });
  });
  const done = Promise.race([run(), listenerFailed]).finally(async () => {
    closed = true;
    wake?.();
    await listener.end().catch(() => undefined);
  });
  // Callers observe failures through `done`; this keeps an unobserved rejection from crashing the process.
  done.catch(() => undefined);

  return {
    done,
    async close() {
      closed = true;
      wake?.();
      await done.catch(() => undefined);
    },
  };
}

import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { EventStore, SubscriptionHandle } from '@concierge/platform/event-store/port';
import { CATCH_UP, catchUpJobOptions } from '../../queues.js';

export interface WakeUpDeps {
  readonly eventStore: EventStore;
  readonly queue: Queue;
  readonly projectionNames: readonly string[];
  readonly logger: Logger;
  /** Enqueue a catch-up for every projection this often even without events (a lost wake-up heals). */
  readonly heartbeatMs?: number;
}

/**
 * Follows the event store live and turns "something was appended" into catch-up jobs. Bursts
 * coalesce: while one round of enqueues is in flight, further events only mark another round due.
 */
export function startWakeUp(deps: WakeUpDeps): { stop(): Promise<void> } {
  let stopped = false;
  let due = false;
  let flushing: Promise<void> | undefined;
  let subscription: SubscriptionHandle | undefined;

  const enqueueAll = () =>
    Promise.all(deps.projectionNames.map((projection) => deps.queue.add(CATCH_UP, { projection }, catchUpJobOptions(projection))));

  const wake = () => {
    due = true;
    flushing ??= (async () => {
      while (due && !stopped) {
        due = false;
        await enqueueAll().catch((error: unknown) => deps.logger.error({ err: error }, 'could not enqueue catch-up'));
      }
      flushing = undefined;
    })();
  };

  const subscribe = async () => {
    if (stopped) return;
    subscription = deps.eventStore.subscribeToAll({ after: await deps.eventStore.headPosition(), onEvent: wake });
    wake(); // covers events appended before the subscription's starting point was taken
    subscription.done.catch((error: unknown) => {
      deps.logger.error({ err: error }, 'event subscription failed; resubscribing');
      wake();
      setTimeout(() => void subscribe().catch(() => undefined), 1000);
    });
  };

  wake();
  void subscribe().catch((error: unknown) => deps.logger.error({ err: error }, 'could not subscribe to events'));
  const heartbeat = setInterval(wake, deps.heartbeatMs ?? 5000);

  return {
    async stop() {
      stopped = true;
      clearInterval(heartbeat);
      await subscription?.close();
      await flushing;
    },
  };
}

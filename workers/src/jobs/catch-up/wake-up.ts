import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { EventStore, RecordedEvent, SubscriptionHandle } from '@concierge/platform/event-store/port';
import { CATCH_UP, catchUpJobOptions } from '../queues.js';

/** A projection or reactor as the wake-up sees it: its name and the event types its handlers take. */
export interface WakeUpTarget {
  readonly name: string;
  readonly eventTypes: ReadonlySet<string>;
  /** Follows every event, whatever its type (the audit index). */
  readonly everyType?: boolean;
}

export interface WakeUpDeps {
  readonly eventStore: EventStore;
  readonly queue: Queue;
  readonly processors: readonly WakeUpTarget[];
  readonly logger: Logger;
  /** Enqueue a catch-up for every processor this often even without events (a lost wake-up heals). */
  readonly heartbeatMs?: number;
  /**
   * How soon a processor that follows none of the new events is woken to move its checkpoint past
   * them; default 25 ms. Read-your-writes waits on every read model a route reads, so a read right
   * after a command waits up to this long for them: at 200 ms the load test's reads after a write
   * had a p99 of 230 ms, at 25 ms 50 ms (the lag bench's p99 goes from 50 to 65 ms for it).
   */
  readonly bystanderDelayMs?: number;
}

/**
 * Follows the event store live and turns "something was appended" into catch-up jobs. A processor
 * that follows a new event's type is woken at once; the others only move their checkpoints past
 * such events, so their wake-ups are gathered and sent at most every `bystanderDelayMs`: each
 * wake-up is a job, a read of $all and a checkpoint write, and waking all of them for every event
 * took most of the workers' time. Bursts coalesce: while one round of enqueues is in flight,
 * further events only mark the processors due for the next round.
 */
export function startWakeUp(deps: WakeUpDeps): { stop(): Promise<void> } {
  const bystanderDelayMs = deps.bystanderDelayMs ?? 25;
  let stopped = false;
  const due = new Set<string>();
  const bystanders = new Set<string>();
  let bystanderTimer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let subscription: SubscriptionHandle | undefined;
  /** Per event type: the processors that follow it, and the others. */
  const byType = new Map<string, { readonly followers: readonly string[]; readonly others: readonly string[] }>();

  const enqueue = (names: readonly string[]) =>
    Promise.all(names.map((projection) => deps.queue.add(CATCH_UP, { projection }, catchUpJobOptions(projection))));

  const flush = () => {
    // Nothing due (an event no processor follows): starting the loop would end it before its
    // first await, clearing `flushing` before it is set, and leave it set for good.
    if (flushing || due.size === 0 || stopped) return;
    flushing = (async () => {
      while (due.size > 0 && !stopped) {
        const names = [...due];
        due.clear();
        await enqueue(names).catch((error: unknown) => deps.logger.error({ err: error }, 'could not enqueue catch-up'));
      }
      flushing = undefined;
    })();
  };

  const wake = (names: Iterable<string>) => {
    for (const name of names) {
      due.add(name);
      bystanders.delete(name);
    }
    flush();
  };

  const wakeAll = () => wake(deps.processors.map((p) => p.name));

  const onEvent = (event: RecordedEvent) => {
    let split = byType.get(event.type);
    if (!split) {
      const follows = (p: WakeUpTarget) => p.everyType === true || p.eventTypes.has(event.type);
      split = { followers: deps.processors.filter(follows).map((p) => p.name), others: deps.processors.filter((p) => !follows(p)).map((p) => p.name) };
      byType.set(event.type, split);
    }
    wake(split.followers);
    if (split.others.length === 0) return;
    for (const name of split.others) bystanders.add(name);
    bystanderTimer ??= setTimeout(() => {
      bystanderTimer = undefined;
      wake([...bystanders]);
    }, bystanderDelayMs);
  };

  const subscribe = async () => {
    if (stopped) return;
    subscription = deps.eventStore.subscribeToAll({ after: await deps.eventStore.headPosition(), onEvent });
    wakeAll(); // covers events appended before the subscription's starting point was taken
    subscription.done.catch((error: unknown) => {
      deps.logger.error({ err: error }, 'event subscription failed; resubscribing');
      wakeAll();
      setTimeout(() => void subscribe().catch(() => undefined), 1000);
    });
  };

  wakeAll();
  void subscribe().catch((error: unknown) => deps.logger.error({ err: error }, 'could not subscribe to events'));
  const heartbeat = setInterval(wakeAll, deps.heartbeatMs ?? 5000);

  return {
    async stop() {
      stopped = true;
      clearInterval(heartbeat);
      clearTimeout(bystanderTimer);
      await subscription?.close();
      await flushing;
    },
  };
}

import { excludeSystemEvents, type EventStoreDBClient } from '@eventstore/db-client';
import type { SubscribeOptions, SubscriptionHandle } from '../port.js';
import { comparePositions } from '../position.js';
import { toClientPosition, toRecordedEvent } from './esdb-mapping.js';

/**
 * Catch-up subscription to $all. The client's subscription is a Node Readable; iterating it with
 * `for await` pulls one event at a time, so `onEvent` runs strictly in order and the next event
 * waits for it (backpressure reaches the gRPC stream through the Readable's buffer).
 */
export function subscribeToAllEvents(client: EventStoreDBClient, options: SubscribeOptions): SubscriptionHandle {
  const { after, onEvent, onCaughtUp } = options;
  // fromPosition is exclusive for subscriptions (unlike readAll); the position check below guards it anyway.
  const subscription = client.subscribeToAll({ fromPosition: toClientPosition(after), filter: excludeSystemEvents() });

  let closed = false;
  let inFlight = false;
  let caughtUpSignalled = false;
  /** Events handed to us before the server's caught-up message that onEvent has not finished yet. */
  let untilCaughtUp: number | undefined;

  const signalCaughtUp = () => {
    caughtUpSignalled = true;
    onCaughtUp?.();
  };

  // Servers from 23.10 send a caught-up message; the client (6.2.1) emits it as 'caughtUp'
  // (CatchupSubscription in its types). It fires when the message passes the client's transform, while
  // earlier events may still sit in the Readable's buffer or in onEvent, so hold the signal until those
  // are done. Like the PostgreSQL adapter, signal once: a later 'fellBehind' does not re-arm it.
  subscription.on('caughtUp', () => {
    if (caughtUpSignalled || untilCaughtUp !== undefined) return;
    const pending = subscription.readableLength + (inFlight ? 1 : 0);
    if (pending === 0) signalCaughtUp();
    else untilCaughtUp = pending;
  });

  async function run(): Promise<void> {
    try {
      for await (const resolved of subscription) {
        if (closed) break;
        inFlight = true;
        const event = resolved.event && toRecordedEvent(resolved.event);
        if (event && comparePositions(event.position, after) > 0) await onEvent(event);
        inFlight = false;
        if (untilCaughtUp !== undefined && --untilCaughtUp === 0) signalCaughtUp();
      }
    } catch (error) {
      // unsubscribe() cancels the gRPC call; whatever that surfaces is the end we asked for.
      if (!closed) throw error;
    } finally {
      await subscription.unsubscribe().catch(() => undefined);
    }
  }

  const done = run();
  // Callers observe failures through `done`; this keeps an unobserved rejection from crashing the process.
  done.catch(() => undefined);

  return {
    done,
    async close() {
      closed = true;
      // Ends the Readable ('end'), which finishes the loop and resolves `done`. Not awaiting `done`
      // here lets an onEvent handler close its own subscription without waiting on itself.
      await subscription.unsubscribe();
    },
  };
}

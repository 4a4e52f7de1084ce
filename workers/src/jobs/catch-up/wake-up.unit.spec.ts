import type { Queue } from 'bullmq';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent, SubscribeOptions } from '@concierge/platform/event-store/port';
import { START } from '@concierge/platform/event-store/position';
import { startWakeUp } from './wake-up.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function event(type: string, prepare: bigint): RecordedEvent {
  const metadata = { actor: { type: 'system' as const }, correlationId: 'c', causationId: 'c', occurredAt: new Date(0).toISOString(), schemaVersion: 1 };
  return { id: `e${prepare}`, type, data: {}, metadata, streamId: 's', revision: prepare, position: { commit: 1n, prepare }, recordedAt: new Date(0).toISOString() };
}

/** The wake-up's own logic: which catch-ups it enqueues, and when (the queue only records them). */
describe('the catch-up wake-up', () => {
  it('wakes the followers of an event at once and the others within the bystander delay, also after events no processor follows', async () => {
    const added: string[] = [];
    const queue = { add: async (_name: string, data: { projection: string }) => void added.push(data.projection) } as unknown as Queue;
    let subscriber: SubscribeOptions | undefined;
    const eventStore = {
      headPosition: async () => START,
      subscribeToAll: (options: SubscribeOptions) => {
        subscriber = options;
        return { done: new Promise<void>(() => undefined), close: async () => undefined };
      },
    } as unknown as EventStore;
    const wakeUp = startWakeUp({
      eventStore,
      queue,
      logger: pino({ level: 'silent' }),
      processors: [
        { name: 'users', eventTypes: new Set(['UserRegistered']) },
        { name: 'plans', eventTypes: new Set(['PlanCreated']) },
      ],
      bystanderDelayMs: 50,
      heartbeatMs: 60_000,
    });
    try {
      while (!subscriber) await sleep(1);
      await sleep(10);
      added.length = 0; // the wake-up of everything at start

      await subscriber.onEvent(event('SomethingNobodyFollows', 1n));
      await sleep(10);
      await subscriber.onEvent(event('UserRegistered', 2n));
      await sleep(10);
      expect(added).toEqual(['users']);
      await sleep(80);
      // users was woken with its event, so only plans is left to move past the first one.
      expect(added).toEqual(['users', 'plans']);
    } finally {
      await wakeUp.stop();
    }
  });
});

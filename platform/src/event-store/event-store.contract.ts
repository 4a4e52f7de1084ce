import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartialDuplicateAppendError, WrongExpectedRevisionError, type EventStore, type RecordedEvent } from './port.js';
import { GENESIS_HASH, NonCanonicalValueError, chainHash, contentDigest } from './hash-chain.js';
import { START, comparePositions } from './position.js';
import { testEvent, uniquePrefix } from './testing/events.js';

export interface EventStoreUnderTest {
  readonly store: EventStore;
  readonly cleanup: () => Promise<void>;
}

/** The behaviour every event store adapter must show; run against each adapter. */
export function describeEventStoreContract(adapterName: string, makeStore: () => Promise<EventStoreUnderTest>): void {
  describe(`${adapterName} event store contract`, () => {
    let subject: EventStoreUnderTest;
    let store: EventStore;
    const prefix = uniquePrefix();
    const stream = (name: string) => `${prefix}${name}-${uniquePrefix()}`;

    beforeAll(async () => {
      subject = await makeStore();
      store = subject.store;
    });
    afterAll(async () => subject?.cleanup());

    it('appends to a new stream and reads the events back in order with revisions', async () => {
      const id = stream('account');
      const events = [testEvent('A', { n: 1 }), testEvent('B', { n: 2 }), testEvent('C', { n: 3 })];
      const result = await store.appendToStream(id, events, { expectedRevision: 'no_stream' });
      expect(result.nextRevision).toBe(2n);
      const read = await store.readStream(id);
      expect(read.map((e) => [e.type, e.revision, e.data])).toEqual([
        ['A', 0n, { n: 1 }],
        ['B', 1n, { n: 2 }],
        ['C', 2n, { n: 3 }],
      ]);
      expect(read[0]?.metadata.actor).toEqual({ type: 'system', reason: 'test' });
      expect(comparePositions(read[2]!.position, result.position)).toBe(0);
    });

    it('chains every event to the one before it in its stream, across appends, as recomputed from what is read', async () => {
      const id = stream('chain');
      await store.appendToStream(id, [testEvent('A', { n: 1, nested: { b: [1, 'é'], a: null } }), testEvent('B')], { expectedRevision: 'no_stream' });
      // An id spelled in upper case comes back in lower case, and its hash is the one recomputed from that.
      const upper = testEvent('C', { amount: '12.50' });
      await store.appendToStream(id, [{ ...upper, id: upper.id.toUpperCase() }], { expectedRevision: 'any' });
      const read = await store.readStream(id);
      let previous = GENESIS_HASH;
      for (const event of read) {
        expect(event.previousHash).toBe(previous);
        expect(event.hash).toBe(chainHash(previous, event.revision, contentDigest(event)));
        previous = event.hash ?? '';
      }
      const viaAll = (await readAllAfter(store, START)).filter((e) => e.streamId === id);
      expect(viaAll.map((e) => e.hash)).toEqual(read.map((e) => e.hash));
      await expect(store.appendToStream(id, [testEvent('D', { bad: Number.NaN })], { expectedRevision: 2n })).rejects.toBeInstanceOf(
        NonCanonicalValueError,
      );
      expect(await store.readStream(id)).toHaveLength(3);
    });

    it('refuses an append whose expected revision is stale, with the actual revision', async () => {
      const id = stream('account');
      await store.appendToStream(id, [testEvent(), testEvent()], { expectedRevision: 'no_stream' });
      const error = await store.appendToStream(id, [testEvent()], { expectedRevision: 0n }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect((error as WrongExpectedRevisionError).actual).toBe(1n);
      await expect(store.appendToStream(id, [testEvent()], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      await expect(store.appendToStream(stream('missing'), [testEvent()], { expectedRevision: 'stream_exists' })).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      const ok = await store.appendToStream(id, [testEvent()], { expectedRevision: 1n });
      expect(ok.nextRevision).toBe(2n);
      expect(await store.readStream(id)).toHaveLength(3);
    });

    it('lets exactly one of two concurrent appends at the same expected revision succeed', async () => {
      for (let round = 0; round < 10; round += 1) {
        const id = stream('race');
        await store.appendToStream(id, [testEvent()], { expectedRevision: 'no_stream' });
        const outcomes = await Promise.allSettled([
          store.appendToStream(id, [testEvent('Left')], { expectedRevision: 0n }),
          store.appendToStream(id, [testEvent('Right')], { expectedRevision: 0n }),
        ]);
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        const rejected = outcomes.filter((o) => o.status === 'rejected');
        expect(rejected).toHaveLength(1);
        expect((rejected[0] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(id)).toHaveLength(2);
      }
    });

    it('appends nothing when the same event ids are appended again', async () => {
      const id = stream('idem');
      const events = [testEvent('X'), testEvent('Y')];
      const first = await store.appendToStream(id, events, { expectedRevision: 'no_stream' });
      const again = await store.appendToStream(id, events, { expectedRevision: 'no_stream' });
      expect(again.nextRevision).toBe(first.nextRevision);
      expect(comparePositions(again.position, first.position)).toBe(0);
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('appends nothing when the same event is appended again with any expected revision', async () => {
      const id = stream('idem');
      const events = [testEvent('X')];
      const first = await store.appendToStream(id, events, { expectedRevision: 'any' });
      const again = await store.appendToStream(id, events, { expectedRevision: 'any' });
      expect(again.nextRevision).toBe(first.nextRevision);
      expect(comparePositions(again.position, first.position)).toBe(0);
      expect(await store.readStream(id)).toHaveLength(1);
    });

    it('refuses an append that repeats only some event ids of an earlier one', async () => {
      const id = stream('idem');
      const [a, b] = [testEvent(), testEvent()];
      await store.appendToStream(id, [a], { expectedRevision: 'no_stream' });
      await expect(store.appendToStream(id, [a, b], { expectedRevision: 'any' })).rejects.toBeInstanceOf(PartialDuplicateAppendError);
      expect(await store.readStream(id)).toHaveLength(1);
    });

    it('reads a stream backwards, from a revision, with a limit; a missing stream reads empty', async () => {
      const id = stream('read');
      await store.appendToStream(id, [0, 1, 2, 3, 4].map((n) => testEvent('N', { n })), { expectedRevision: 'no_stream' });
      const back = await store.readStream(id, { direction: 'backwards', maxCount: 2 });
      expect(back.map((e) => e.revision)).toEqual([4n, 3n]);
      const from = await store.readStream(id, { fromRevision: 2n, maxCount: 2 });
      expect(from.map((e) => e.revision)).toEqual([2n, 3n]);
      const backFrom = await store.readStream(id, { direction: 'backwards', fromRevision: 1n });
      expect(backFrom.map((e) => e.revision)).toEqual([1n, 0n]);
      expect(await store.readStream(stream('nothing'))).toEqual([]);
    });

    it('reads all streams in global order strictly after a position', async () => {
      const before = await store.headPosition();
      const a = stream('all');
      const b = stream('all');
      await store.appendToStream(a, [testEvent('A1')], { expectedRevision: 'no_stream' });
      await store.appendToStream(b, [testEvent('B1')], { expectedRevision: 'no_stream' });
      await store.appendToStream(a, [testEvent('A2')], { expectedRevision: 0n });
      const mine = (await readAllAfter(store, before)).filter((e) => e.streamId === a || e.streamId === b);
      expect(mine.map((e) => e.type)).toEqual(['A1', 'B1', 'A2']);
      const afterFirst = (await store.readAll({ after: mine[0]!.position, maxCount: 1000 })).filter(
        (e) => e.streamId === a || e.streamId === b,
      );
      expect(afterFirst.map((e) => e.type)).toEqual(['B1', 'A2']);
      expect(comparePositions(await store.headPosition(), mine[2]!.position)).toBeGreaterThanOrEqual(0);
    });

    it('never answers an append with a position beyond the last position', async () => {
      const { position } = await store.appendToStream(stream('last'), [testEvent('L1')], { expectedRevision: 'no_stream' });
      expect(comparePositions(await store.lastPosition(), position)).toBeGreaterThanOrEqual(0);
      expect(comparePositions(await store.lastPosition(), await store.headPosition())).toBeGreaterThanOrEqual(0);
    });

    it('delivers every event of 50 concurrent writers exactly once and in position order to a subscription from the start', async () => {
      const writers = Array.from({ length: 50 }, () => stream('writer'));
      const perWriter = 20;
      await Promise.all(
        writers.map(async (id) => {
          for (let i = 0; i < perWriter; i += 1) {
            await store.appendToStream(id, [testEvent('W', { i })], { expectedRevision: i === 0 ? 'no_stream' : BigInt(i - 1) });
          }
        }),
      );
      const mine = new Set(writers);
      const seen: RecordedEvent[] = [];
      const all: RecordedEvent[] = [];
      await new Promise<void>((resolve, reject) => {
        const subscription = store.subscribeToAll({
          after: START,
          onEvent: (event) => {
            all.push(event);
            if (mine.has(event.streamId)) seen.push(event);
            if (seen.length === writers.length * perWriter) void subscription.close().then(resolve);
          },
        });
        subscription.done.catch(reject);
      });
      expect(new Set(seen.map((e) => e.id)).size).toBe(writers.length * perWriter);
      for (let i = 1; i < all.length; i += 1) expect(comparePositions(all[i - 1]!.position, all[i]!.position)).toBe(-1);
      for (const id of writers) {
        expect(seen.filter((e) => e.streamId === id).map((e) => Number(e.data['i']))).toEqual([...Array(perWriter).keys()]);
      }
    });

    it('keeps delivering live events after the subscription has caught up', async () => {
      const id = stream('live');
      const head = await store.headPosition();
      const received: string[] = [];
      let caughtUp!: () => void;
      const caughtUpOnce = new Promise<void>((r) => (caughtUp = r));
      let gotAll!: () => void;
      const allReceived = new Promise<void>((r) => (gotAll = r));
      const subscription = store.subscribeToAll({
        after: head,
        onCaughtUp: () => caughtUp(),
        onEvent: (event) => {
          if (event.streamId !== id) return;
          received.push(event.type);
          if (received.length === 3) gotAll();
        },
      });
      await caughtUpOnce;
      await store.appendToStream(id, [testEvent('L1')], { expectedRevision: 'no_stream' });
      await store.appendToStream(id, [testEvent('L2'), testEvent('L3')], { expectedRevision: 0n });
      await allReceived;
      await subscription.close();
      await subscription.done;
      expect(received).toEqual(['L1', 'L2', 'L3']);
    });
  });
}

async function readAllAfter(store: EventStore, after: Awaited<ReturnType<EventStore['headPosition']>>): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  let cursor = after;
  for (;;) {
    const page = await store.readAll({ after: cursor, maxCount: 1000 });
    out.push(...page);
    const last = page[page.length - 1];
    if (!last || page.length < 1000) return out;
    cursor = last.position;
  }
}

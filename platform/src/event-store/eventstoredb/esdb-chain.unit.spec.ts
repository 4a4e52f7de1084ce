import { NO_STREAM } from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { GENESIS_HASH, chainEvents } from '../hash-chain.js';
import { PartialDuplicateAppendError, WrongExpectedRevisionError, type ReadStreamOptions, type RecordedEvent } from '../port.js';
import { testEvent } from '../testing/events.js';
import { CHAIN_KEY, planAppend, splitChain } from './esdb-chain.js';

/** A stream as EventStoreDB's reads would hand it over through the adapter's readStream. */
function streamOf(streamId: string, events: RecordedEvent[]) {
  return async (id: string, options: ReadStreamOptions = {}) => {
    if (id !== streamId) return [];
    const backwards = options.direction === 'backwards';
    const ordered = backwards ? [...events].reverse() : events;
    const from = options.fromRevision;
    const started = from === undefined ? ordered : ordered.filter((e) => (backwards ? e.revision <= from : e.revision >= from));
    return started.slice(0, options.maxCount ?? started.length);
  };
}

function recorded(streamId: string, count: number, chained: boolean): RecordedEvent[] {
  const events = Array.from({ length: count }, (_, i) => testEvent('N', { i }));
  const links = chainEvents(GENESIS_HASH, 0n, events.map((e) => ({ ...e, streamId })));
  return events.map((e, i) => ({
    ...e,
    streamId,
    revision: BigInt(i),
    position: { commit: BigInt(i + 1), prepare: BigInt(i + 1) },
    recordedAt: new Date().toISOString(),
    ...(chained ? links[i] : {}),
  }));
}

describe('the hash chain on EventStoreDB', () => {
  it('chains an append at an exact revision from that event, and one to a new stream from genesis', async () => {
    const existing = recorded('s-1', 3, true);
    const plan = await planAppend(streamOf('s-1', existing), 's-1', [testEvent('X')], 2n);
    if (plan.kind !== 'send') throw new Error('expected a plan to send');
    expect(plan.expected).toBe(2n);
    expect(plan.events[0]?.metadata[CHAIN_KEY].previousHash).toBe(existing[2]?.hash);
    const fresh = await planAppend(streamOf('s-1', existing), 's-2', [testEvent('X')], 'no_stream');
    expect(fresh.kind === 'send' && [fresh.expected, fresh.events[0]?.metadata[CHAIN_KEY].previousHash]).toEqual([NO_STREAM, GENESIS_HASH]);
  });

  it('links the first chained event of a stream written before the chain to the hash its content gives', async () => {
    const legacy = recorded('s-1', 3, false);
    const plan = await planAppend(streamOf('s-1', legacy), 's-1', [testEvent('X')], 'any');
    expect(plan.kind === 'send' && [plan.expected, plan.retryOnRace]).toEqual([2n, true]);
    expect(plan.kind === 'send' && plan.events[0]?.metadata[CHAIN_KEY].previousHash).toBe(chainedHashes(legacy)[2]);
  });

  it("answers a repeated 'any' append from the stream instead of appending it again, and refuses a partial repeat", async () => {
    const existing = recorded('s-1', 4, true);
    const again = await planAppend(streamOf('s-1', existing), 's-1', [existing[1]!, existing[2]!], 'any');
    expect(again.kind === 'already-appended' && again.result.nextRevision).toBe(2n);
    await expect(planAppend(streamOf('s-1', existing), 's-1', [existing[3]!, testEvent()], 'any')).rejects.toBeInstanceOf(PartialDuplicateAppendError);
  });

  it('refuses an exact revision the stream has not reached, with the actual one', async () => {
    const error = await planAppend(streamOf('s-1', recorded('s-1', 2, true)), 's-1', [testEvent()], 5n).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    expect((error as WrongExpectedRevisionError).actual).toBe(1n);
  });

  it('takes the chain fields off the metadata readers see', () => {
    const { metadata, link } = splitChain({ actor: { type: 'system' }, [CHAIN_KEY]: { previousHash: GENESIS_HASH, hash: 'ab'.repeat(32) } });
    expect(metadata).toEqual({ actor: { type: 'system' } });
    expect(link).toEqual({ previousHash: GENESIS_HASH, hash: 'ab'.repeat(32) });
    expect(splitChain({ actor: { type: 'system' } }).link).toBeUndefined();
  });
});

function chainedHashes(events: RecordedEvent[]): string[] {
  return chainEvents(GENESIS_HASH, 0n, events).map((l) => l.hash);
}

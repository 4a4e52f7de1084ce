import { describe, expect, it } from 'vitest';
import type { Principal } from './access-token.js';
import { followedStandings, type FollowedSource } from './followed-standings.js';
import type { StandingChangeListener, StandingChanges } from './standing-changes.js';
import type { AccessStanding, StandingSource } from './standing.js';

const principal: Principal = { userId: 'u-1', role: 'admin', status: 'approved', sessionId: 's-1', sessionStartedAt: 2_000 };
const approved: AccessStanding = { status: 'approved', role: 'admin', sessionsValidAfter: null, sessionEnded: false };
const suspended: AccessStanding = { ...approved, status: 'suspended' };

/** A channel the test loses and brings back by hand. */
function channel(initiallyLive: boolean) {
  const listeners = new Set<StandingChangeListener>();
  let live = initiallyLive;
  const emit = (change: Parameters<StandingChangeListener>[0]) => listeners.forEach((listener) => listener(change));
  const changes: StandingChanges = {
    publish: async (change) => emit(change),
    subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    live: () => live,
    close: async () => listeners.clear(),
  };
  return {
    changes,
    lose: () => ((live = false), emit('lost')),
    regain: () => ((live = true), emit('all')),
  };
}

/** A source (a read model) that lags: it answers what it was last told, and catches up when the test says. */
function laggingSource(standing: AccessStanding) {
  const source = { standing, reads: 0, caughtUp: true };
  const followed: FollowedSource = {
    standing: async () => ((source.reads += 1), source.standing),
    caughtUp: async () => source.caughtUp,
  };
  return { source, followed };
}

function countingStore(standing: AccessStanding) {
  const store = { standing, reads: 0 };
  const source: StandingSource = { standing: async () => ((store.reads += 1), store.standing) };
  return { store, source };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('standings that follow the account through a cache only while every change is heard', () => {
  it('serves the cache while the channel is heard, reading the source once a second per session', async () => {
    const { changes } = channel(true);
    const lagging = laggingSource(approved);
    const truth = countingStore(approved);
    const standings = followedStandings({ changes, source: lagging.followed, store: truth.source, catchUpRetryMs: 1 });
    await settle();
    expect(standings.trusted()).toBe(true);
    await standings.standing(principal);
    await standings.standing(principal);
    expect(lagging.source.reads).toBe(1);
    expect(truth.store.reads).toBe(0);
  });

  it('reads the store on every request once the channel is lost, never the cached standing', async () => {
    const wire = channel(true);
    const lagging = laggingSource(approved);
    const truth = countingStore(approved);
    const standings = followedStandings({ changes: wire.changes, source: lagging.followed, store: truth.source, catchUpRetryMs: 1 });
    await settle();
    expect(await standings.standing(principal)).toEqual(approved);

    wire.lose();
    // Suspended elsewhere while nothing is heard: the read model (and the cache) still say approved.
    truth.store.standing = suspended;
    expect(await standings.standing(principal)).toEqual(suspended);
    expect(await standings.standing(principal)).toEqual(suspended);
    expect(truth.store.reads).toBe(2);
    expect(standings.trusted()).toBe(false);
  });

  it('reads the store until the channel is first heard', async () => {
    const wire = channel(false);
    const truth = countingStore(suspended);
    const standings = followedStandings({ changes: wire.changes, source: laggingSource(approved).followed, store: truth.source, catchUpRetryMs: 1 });
    await settle();
    expect(await standings.standing(principal)).toEqual(suspended);
    wire.regain();
    await settle();
    expect(standings.trusted()).toBe(true);
  });

  it('trusts the cache again only once the source has caught up with what changed while the channel was away', async () => {
    const wire = channel(true);
    const lagging = laggingSource(approved);
    const truth = countingStore(approved);
    const standings = followedStandings({ changes: wire.changes, source: lagging.followed, store: truth.source, catchUpRetryMs: 1 });
    await settle();
    wire.lose();
    truth.store.standing = suspended;
    lagging.source.caughtUp = false;
    wire.regain();
    await settle();
    // The channel is back, but the read model has not applied the suspension yet.
    expect(standings.trusted()).toBe(false);
    expect(await standings.standing(principal)).toEqual(suspended);

    lagging.source.standing = suspended;
    lagging.source.caughtUp = true;
    await settle();
    expect(standings.trusted()).toBe(true);
    expect(await standings.standing(principal)).toEqual(suspended);
  });

  it('keeps reading the store when the channel is lost again while the source was catching up', async () => {
    const wire = channel(false);
    let answer: (reached: boolean) => void = () => undefined;
    const source: FollowedSource = { standing: async () => approved, caughtUp: () => new Promise((resolve) => (answer = resolve)) };
    const truth = countingStore(suspended);
    const standings = followedStandings({ changes: wire.changes, source, store: truth.source, catchUpRetryMs: 1 });
    wire.regain();
    wire.lose();
    answer(true);
    await settle();
    expect(standings.trusted()).toBe(false);
    expect(await standings.standing(principal)).toEqual(suspended);
  });

  it('fails the request when the store cannot answer while the cache may not be trusted', async () => {
    const wire = channel(false);
    const standings = followedStandings({
      changes: wire.changes,
      source: laggingSource(approved).followed,
      store: { standing: () => Promise.reject(new Error('database away')) },
    });
    await expect(standings.standing(principal)).rejects.toThrow('database away');
  });

  it('drops an account from the cache when a notice names it', async () => {
    const wire = channel(true);
    const lagging = laggingSource(approved);
    const noticed: string[] = [];
    const source: FollowedSource = { ...lagging.followed, noticed: (change) => void noticed.push(change.userId) };
    const standings = followedStandings({ changes: wire.changes, source, store: countingStore(approved).source, catchUpRetryMs: 1 });
    await settle();
    await standings.standing(principal);
    lagging.source.standing = suspended;
    await wire.changes.publish({ userId: 'u-1', position: '1-1' });
    expect(noticed).toEqual(['u-1']);
    expect(await standings.standing(principal)).toEqual(suspended);
  });
});

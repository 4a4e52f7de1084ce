import { cachedStandings } from './standing-cache.js';
import type { StandingChange, StandingChanges } from './standing-changes.js';
import type { StandingSource } from './standing.js';

/** A standing source that a process may cache while it hears every change notice. */
export interface FollowedSource extends StandingSource {
  /** A notice named this account: its next read must show that change (a projection may lag it). */
  noticed?(change: StandingChange): void;
  /**
   * True once the source shows every change committed before the call (a projection has reached
   * the store's head); false or a rejection when it does not yet. Absent: the source is the store.
   */
  caughtUp?(): Promise<boolean>;
}

export interface FollowedStandingsOptions {
  readonly changes: StandingChanges;
  /** Cached (at most a second per session) while the channel is heard and the source caught up. */
  readonly source: FollowedSource;
  /** The store itself, read on every request while the cache may not be trusted. */
  readonly store: StandingSource;
  readonly ttlMs?: number;
  readonly now?: () => number;
  /** Pause between checks of whether the source has caught up after the channel returned. */
  readonly catchUpRetryMs?: number;
}

export interface FollowedStandings extends StandingSource {
  /** True while cached standings are served: the channel is heard and the source has caught up. */
  trusted(): boolean;
  /** Stops listening to the channel. */
  close(): void;
}

/**
 * Standings that follow the account through a cache only while nothing can change unheard. A
 * cache is kept fresh by change notices; when the channel is lost (or before it is first heard),
 * a change elsewhere would go unseen, so every request reads the store instead (a store that
 * cannot answer fails the request, which the error handler answers 503 with Retry-After). When the
 * channel returns, the cache is trusted again only after the source has caught up with the store
 * as it stood once the channel was back: nothing that changed while it was away is served stale.
 */
export function followedStandings(options: FollowedStandingsOptions): FollowedStandings {
  const { changes, source, store } = options;
  const retryMs = options.catchUpRetryMs ?? 50;
  const cache = cachedStandings(source, { ...(options.ttlMs === undefined ? {} : { ttlMs: options.ttlMs }), ...(options.now ? { now: options.now } : {}) });
  let trusted = false;
  // Each loss or return of the channel starts a new epoch; a catch-up of an older one is void.
  let epoch = 0;
  let closed = false;

  const distrust = () => {
    epoch += 1;
    trusted = false;
    cache.invalidateAll();
  };

  const catchUp = async (mine: number) => {
    while (mine === epoch && !closed) {
      const reached = await (source.caughtUp ? source.caughtUp().catch(() => false) : Promise.resolve(true));
      if (mine !== epoch || closed) return;
      if (reached) {
        cache.invalidateAll();
        trusted = true;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  };

  const unsubscribe = changes.subscribe((change) => {
    if (change === 'lost') return distrust();
    if (change === 'all') {
      distrust();
      void catchUp(epoch);
      return;
    }
    source.noticed?.(change);
    cache.invalidate(change.userId);
  });
  if (changes.live()) void catchUp(epoch);

  return {
    standing: (principal) => (trusted ? cache.standing(principal) : store.standing(principal)),
    trusted: () => trusted,
    close() {
      closed = true;
      unsubscribe();
    },
  };
}

import type { Principal } from './access-token.js';
import type { AccessStanding, StandingSource } from './standing.js';

/** How long a process may serve a standing it read without reading it again. */
export const STANDING_TTL_MS = 1000;
const MAX_ACCOUNTS = 10_000;

interface Entry {
  readonly at: number;
  readonly standing: Promise<AccessStanding | null>;
}

export interface StandingCache extends StandingSource {
  /** Drops what this process holds of one account (its standing changed). */
  invalidate(userId: string): void;
  /** Drops everything (change notices may have been missed). */
  invalidateAll(): void;
}

/**
 * Standings cached per account and session for at most `ttlMs`, one read in flight per key. An
 * invalidation removes the account's entries, in flight or not, so a read that began before it
 * is never served after it.
 */
export function cachedStandings(source: StandingSource, options: { ttlMs?: number; now?: () => number } = {}): StandingCache {
  const ttlMs = options.ttlMs ?? STANDING_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Map<string, Entry>>();

  const sweep = () => {
    for (const [userId, sessions] of entries) {
      for (const [sessionId, entry] of sessions) if (now() - entry.at >= ttlMs) sessions.delete(sessionId);
      if (sessions.size === 0) entries.delete(userId);
    }
  };

  return {
    standing(principal: Principal) {
      const { userId, sessionId } = principal;
      const cached = entries.get(userId)?.get(sessionId);
      if (cached && now() - cached.at < ttlMs) return cached.standing;
      if (entries.size >= MAX_ACCOUNTS) sweep();
      const entry: Entry = { at: now(), standing: source.standing(principal) };
      let sessions = entries.get(userId);
      if (!sessions) entries.set(userId, (sessions = new Map<string, Entry>()));
      sessions.set(sessionId, entry);
      // A failed read is not kept: the next request tries again.
      entry.standing.catch(() => {
        if (entries.get(userId)?.get(sessionId) === entry) entries.get(userId)?.delete(sessionId);
      });
      return entry.standing;
    },
    invalidate(userId) {
      entries.delete(userId);
    },
    invalidateAll() {
      entries.clear();
    },
  };
}

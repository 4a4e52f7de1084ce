import type { RefreshSessionIssued, RefreshSessionRevoked, RefreshSessionRotated, SessionRevocationReason } from '@concierge/contracts';
import { streamName } from '@concierge/contracts';

export const sessionStreamId = (sessionId: string) => streamName('session', sessionId);

export type SessionEvent =
  | { type: 'RefreshSessionIssued'; data: RefreshSessionIssued }
  | { type: 'RefreshSessionRotated'; data: RefreshSessionRotated }
  | { type: 'RefreshSessionRevoked'; data: RefreshSessionRevoked };

interface SessionFacts {
  readonly sessionId: string;
  readonly userId: string;
  readonly rememberMe: boolean;
  readonly issuedAt: string;
  readonly expiresAt: string;
  /** SHA-256 of the one refresh token that may be exchanged now. */
  readonly tokenHash: string;
  /**
   * Hashes of the newest SPENT_HASHES_KEPT tokens already exchanged, oldest first: presenting one
   * again means a token was stolen.
   */
  readonly spentHashes: readonly string[];
}

/** A refresh session (one login on one device), keyed on status; `none` is the empty stream. */
export type SessionState =
  | { status: 'none' }
  | ({ status: 'active' } & SessionFacts)
  | ({ status: 'revoked'; reason: SessionRevocationReason } & SessionFacts);

export const initialSessionState: SessionState = { status: 'none' };

/**
 * How many exchanged tokens a session remembers. Refreshing costs a member nothing, so keeping
 * every one would let the state (and each command's fold and snapshot) grow without end. 3,000 is a
 * whole 30-day session refreshed every 15 minutes (2,880); only a client refreshing far faster than
 * that pushes the oldest out, and a token that old presented again is refused as unknown (401)
 * instead of ending the session.
 */
export const SPENT_HASHES_KEPT = 3_000;

export function evolveSession(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'RefreshSessionIssued': {
      const { sessionId, userId, rememberMe, issuedAt, expiresAt, tokenHash } = event.data;
      return { status: 'active', sessionId, userId, rememberMe, issuedAt, expiresAt, tokenHash, spentHashes: [] };
    }
    case 'RefreshSessionRotated':
      if (state.status !== 'active') return state;
      return {
        ...state,
        tokenHash: event.data.tokenHash,
        expiresAt: event.data.expiresAt,
        spentHashes: [...state.spentHashes, state.tokenHash].slice(-SPENT_HASHES_KEPT),
      };
    case 'RefreshSessionRevoked':
      if (state.status === 'none') return state;
      return { ...state, status: 'revoked', reason: event.data.reason };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

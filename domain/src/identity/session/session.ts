import type { authEvents, SessionRevocationReason } from '@concierge/contracts';
import { streamName } from '@concierge/contracts';
import type { EventOf } from '../../shared/event-union.js';
import type { SecretRef } from '../credentials.js';

export const sessionStreamId = (sessionId: string) => streamName('session', sessionId);

/** The refresh session's events, which the contracts list with the other sign-in events. */
export type SessionEvent = EventOf<Extract<keyof typeof authEvents, `RefreshSession${string}`>>;

interface SessionFacts {
  readonly sessionId: string;
  readonly userId: string;
  readonly rememberMe: boolean;
  readonly issuedAt: string;
  readonly expiresAt: string;
  /** The one refresh token that may be exchanged now (its secret's hash, in the credential store or a legacy event). */
  readonly current: SecretRef;
  /**
   * The newest SPENT_HASHES_KEPT tokens already exchanged, oldest first: presenting one again means
   * a token was stolen.
   */
  readonly spent: readonly SecretRef[];
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
      const { sessionId, userId, rememberMe, issuedAt, expiresAt } = event.data;
      return { status: 'active', sessionId, userId, rememberMe, issuedAt, expiresAt, current: secretRefOf(event.data), spent: [] };
    }
    case 'RefreshSessionRotated':
      if (state.status !== 'active') return state;
      return {
        ...state,
        current: secretRefOf(event.data),
        expiresAt: event.data.expiresAt,
        spent: [...state.spent, state.current].slice(-SPENT_HASHES_KEPT),
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

/** A token's secret as an event names it: by secret id, else (legacy) by its hash. */
function secretRefOf(data: { readonly secretId?: string | undefined; readonly tokenHash?: string | undefined }): SecretRef {
  return data.secretId !== undefined ? { secretId: data.secretId } : { tokenHash: data.tokenHash ?? '' };
}

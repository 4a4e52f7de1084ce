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
  /** Hashes of tokens already exchanged: presenting one again means a token was stolen. */
  readonly spentHashes: readonly string[];
}

/** A refresh session (one login on one device), keyed on status; `none` is the empty stream. */
export type SessionState =
  | { status: 'none' }
  | ({ status: 'active' } & SessionFacts)
  | ({ status: 'revoked'; reason: SessionRevocationReason } & SessionFacts);

export const initialSessionState: SessionState = { status: 'none' };

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
        spentHashes: [...state.spentHashes, state.tokenHash],
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

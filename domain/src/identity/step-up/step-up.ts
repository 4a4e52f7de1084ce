import { streamName, type walletEvents } from '@concierge/contracts';
import type { EventOf } from '../../shared/event-union.js';
import type { SecretRef } from '../credentials.js';

/** `stepUp-<adminId>`: an admin's step-ups before key reveals; its revision serializes their limit. */
export const stepUpStreamId = (adminId: string) => streamName('stepUp', adminId);

/** Step-ups (grants and wrong passwords together) an admin may make per window. */
export const STEP_UP_LIMIT = 5;
export const STEP_UP_WINDOW_MS = 60 * 60 * 1000;
/** How long a grant may wait for its reveal. */
export const STEP_UP_GRANT_TTL_MS = 2 * 60 * 1000;

/** The step-up events, which the contracts list with the wallets' (a step-up guards a key reveal). */
export type StepUpEvent = EventOf<Extract<keyof typeof walletEvents, `StepUp${string}`>>;

/** Who asks, in which session, for which member's key. */
export interface StepUpScope {
  readonly adminId: string;
  readonly sessionId: string;
  readonly memberId: string;
}

export interface StepUpGrant {
  /** The grant's id (a legacy grant: its hash): what commands and StepUpGrantUsed name it by. */
  readonly key: string;
  /** Its secret's hash: in the credential store, or (legacy) the key itself. */
  readonly secret: SecretRef;
  readonly sessionId: string;
  readonly memberId: string;
  readonly reason: string;
  readonly expiresAt: string;
  readonly used: boolean;
}

/**
 * Only the newest STEP_UP_LIMIT attempts matter: the limit looks at the oldest of them, and an
 * older grant was followed by a full hour's worth of step-ups, long past its two minutes.
 */
export interface StepUpState {
  /** Instants of the newest grants and wrong passwords, oldest first. */
  readonly attempts: readonly string[];
  readonly grants: readonly StepUpGrant[];
}

export const initialStepUpState: StepUpState = { attempts: [], grants: [] };

const newest = <T>(items: readonly T[]): T[] => items.slice(-STEP_UP_LIMIT);

export function evolveStepUp(state: StepUpState, event: StepUpEvent): StepUpState {
  switch (event.type) {
    case 'StepUpGranted': {
      const { grantId, secretId, grantHash, sessionId, memberId, reason, expiresAt, grantedAt } = event.data;
      const key = grantId ?? grantHash ?? '';
      const secret: SecretRef = secretId !== undefined ? { secretId } : { tokenHash: key };
      const grant: StepUpGrant = { key, secret, sessionId, memberId, reason, expiresAt, used: false };
      return { attempts: newest([...state.attempts, grantedAt]), grants: newest([...state.grants, grant]) };
    }
    case 'StepUpRefused':
      return { ...state, attempts: newest([...state.attempts, event.data.refusedAt]) };
    case 'StepUpGrantUsed':
      return { ...state, grants: state.grants.map((g) => (g.key === (event.data.grantId ?? event.data.grantHash) ? { ...g, used: true } : g)) };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

import type { IssueStepUpGrant, StepUpCommand, UseStepUpGrant } from '@concierge/contracts';
import { AppError, ForbiddenError } from '@concierge/platform/errors';
import { CONTENDED_RETRY, defineAggregate } from '../../shared/aggregate.js';
import {
  evolveStepUp,
  initialStepUpState,
  stepUpStreamId,
  STEP_UP_GRANT_TTL_MS,
  STEP_UP_LIMIT,
  STEP_UP_WINDOW_MS,
  type StepUpEvent,
  type StepUpGrant,
  type StepUpState,
} from './step-up.js';

export type { StepUpCommand } from '@concierge/contracts';

export const GRANT_UNKNOWN_MESSAGE = 'This confirmation is not valid. Re-enter your password to reveal the key.';
export const GRANT_USED_MESSAGE = 'This confirmation was already used. Re-enter your password to reveal the key again.';
export const GRANT_EXPIRED_MESSAGE = 'This confirmation has expired. Re-enter your password to reveal the key.';
export const GRANT_OTHER_MEMBER_MESSAGE = "This confirmation was given for another member's key. Re-enter your password for this one.";
export const GRANT_OTHER_SESSION_MESSAGE = 'This confirmation was given in another session. Re-enter your password here.';

/** 429: the admin made STEP_UP_LIMIT step-ups within the window; `Retry-After` says when the oldest leaves it. */
export class StepUpLimitError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      429,
      `You have asked to reveal private keys ${STEP_UP_LIMIT} times in the last hour, the most allowed. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    );
  }
}

/** Seconds until another step-up is allowed; 0 when one is allowed now. */
export function stepUpWaitSeconds(state: StepUpState, now: Date): number {
  if (state.attempts.length < STEP_UP_LIMIT) return 0;
  const oldest = state.attempts[state.attempts.length - STEP_UP_LIMIT];
  const freeAt = oldest === undefined ? 0 : Date.parse(oldest) + STEP_UP_WINDOW_MS;
  return freeAt > now.getTime() ? Math.ceil((freeAt - now.getTime()) / 1000) : 0;
}

/** Decided against the stream's revision, so concurrent step-ups can never pass the limit together. */
export function decideIssueStepUpGrant(command: IssueStepUpGrant, state: StepUpState): StepUpEvent[] {
  const at = command.metadata.now;
  const wait = stepUpWaitSeconds(state, new Date(at));
  if (wait > 0) throw new StepUpLimitError(wait);
  const { adminId, sessionId, memberId, passwordCorrect, grantId, secretId, reason } = command.data;
  if (!passwordCorrect) return [{ type: 'StepUpRefused', data: { adminId, sessionId, memberId, refusedAt: at } }];
  const expiresAt = new Date(Date.parse(at) + STEP_UP_GRANT_TTL_MS).toISOString();
  return [{ type: 'StepUpGranted', data: { adminId, sessionId, memberId, grantId, secretId, reason, grantedAt: at, expiresAt } }];
}

/** A grant works once, for its own member and session, before it expires. */
export function decideUseStepUpGrant(command: UseStepUpGrant, state: StepUpState): StepUpEvent[] {
  const { adminId, sessionId, memberId, grantKey } = command.data;
  const usedAt = command.metadata.now;
  const grant: StepUpGrant | undefined = state.grants.find((g) => g.key === grantKey);
  if (!grant) throw new ForbiddenError(GRANT_UNKNOWN_MESSAGE);
  if (grant.used) throw new ForbiddenError(GRANT_USED_MESSAGE);
  if (Date.parse(usedAt) >= Date.parse(grant.expiresAt)) throw new ForbiddenError(GRANT_EXPIRED_MESSAGE);
  if (grant.memberId !== memberId) throw new ForbiddenError(GRANT_OTHER_MEMBER_MESSAGE);
  if (grant.sessionId !== sessionId) throw new ForbiddenError(GRANT_OTHER_SESSION_MESSAGE);
  const named = 'secretId' in grant.secret ? { grantId: grant.key } : { grantHash: grant.key };
  return [{ type: 'StepUpGrantUsed', data: { adminId, memberId, ...named, usedAt } }];
}

export function decideStepUp(command: StepUpCommand, state: StepUpState): StepUpEvent[] {
  switch (command.type) {
    case 'IssueStepUpGrant':
      return decideIssueStepUpGrant(command, state);
    case 'UseStepUpGrant':
      return decideUseStepUpGrant(command, state);
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown step-up command ${String((unexpected as { type: unknown }).type)}`);
    }
  }
}

/**
 * `stepUp-<adminId>`: an admin's simultaneous step-ups must each get a real answer, so a lost race
 * is decided again often. Bump the snapshot version whenever `evolveStepUp` or `StepUpState` changes.
 */
export const stepUpAggregate = defineAggregate({
  streamOf: stepUpStreamId,
  initialState: initialStepUpState,
  evolve: evolveStepUp,
  decide: decideStepUp,
  retry: CONTENDED_RETRY,
  snapshot: { name: 'stepUp', version: 1 },
});

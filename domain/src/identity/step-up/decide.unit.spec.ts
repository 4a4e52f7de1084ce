import { describe, expect, it } from 'vitest';
import type { CommandMetadata } from '@concierge/contracts';
import { ForbiddenError } from '@concierge/platform/errors';
import { DeciderSpecification } from '../../shared/testing/decider-specification.js';
import {
  GRANT_EXPIRED_MESSAGE,
  GRANT_OTHER_MEMBER_MESSAGE,
  GRANT_OTHER_SESSION_MESSAGE,
  GRANT_UNKNOWN_MESSAGE,
  GRANT_USED_MESSAGE,
  StepUpLimitError,
  stepUpWaitSeconds,
  stepUpAggregate,
  type StepUpCommand,
} from './decide.js';
import { STEP_UP_LIMIT } from './step-up.js';

const T0 = Date.parse('2026-11-22T12:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms);
const MINUTE = 60_000;
const GRANT = 'a'.repeat(32);
const scope = { adminId: 'admin-1', sessionId: 's-1', memberId: 'm-1' };
const by = (now: Date): CommandMetadata => ({ actor: { type: 'user', userId: scope.adminId, role: 'admin' }, now: now.toISOString(), correlationId: 'c', commandId: 'c' });

const issue = (now: Date, passwordCorrect = true, grantId = GRANT): StepUpCommand => ({
  type: 'IssueStepUpGrant',
  data: { ...scope, passwordCorrect, grantId, secretId: `secret-${grantId}`, reason: 'member lost their device' },
  metadata: by(now),
});
const use = (now: Date, overrides: Partial<typeof scope> & { grantKey?: string } = {}): StepUpCommand => ({
  type: 'UseStepUpGrant',
  data: { ...scope, grantKey: GRANT, ...overrides },
  metadata: by(now),
});

const spec = DeciderSpecification.for(stepUpAggregate);

describe('step-up before a key reveal', () => {
  it('grants for two minutes, bound to the admin, the session and the member, naming its secret by id (no hash in the event) and the reason', () => {
    spec.given().when(issue(at(0))).then([
      {
        type: 'StepUpGranted',
        data: { ...scope, grantId: GRANT, secretId: `secret-${GRANT}`, reason: 'member lost their device', grantedAt: at(0).toISOString(), expiresAt: at(2 * MINUTE).toISOString() },
      },
    ]);
  });

  it('records a wrong password instead of a grant', () => {
    spec.given().when(issue(at(0), false)).then([{ type: 'StepUpRefused', data: { ...scope, refusedAt: at(0).toISOString() } }]);
  });

  it('allows five step-ups an hour, wrong passwords included, and says when the oldest leaves the hour', () => {
    const five = [issue(at(0), false), ...[1, 2, 3, 4].map((n) => issue(at(n * MINUTE), n % 2 === 0, String(n).repeat(32)))];
    expect(STEP_UP_LIMIT).toBe(5);
    expect(stepUpWaitSeconds(spec.givenCommands(...five).state, at(10 * MINUTE))).toBe(50 * 60);
    spec.givenCommands(...five).when(issue(at(10 * MINUTE), true, 'f'.repeat(32))).thenThrows(StepUpLimitError);
    spec.givenCommands(...five).when(issue(at(10 * MINUTE), false)).thenThrows(StepUpLimitError);
    // An hour after the first attempt, one more is allowed, and the next again waits for the second.
    expect(spec.givenCommands(...five).when(issue(at(60 * MINUTE), false)).events).toHaveLength(1);
    expect(stepUpWaitSeconds(spec.givenCommands(...five, issue(at(60 * MINUTE), false)).state, at(60 * MINUTE))).toBe(60);
  });

  it('spends a grant once, in its session, for its member, before it expires', () => {
    spec.givenCommands(issue(at(0))).when(use(at(MINUTE))).then([
      { type: 'StepUpGrantUsed', data: { adminId: 'admin-1', memberId: 'm-1', grantId: GRANT, usedAt: at(MINUTE).toISOString() } },
    ]);
    spec.givenCommands(issue(at(0)), use(at(MINUTE))).when(use(at(MINUTE))).thenThrows(new ForbiddenError(GRANT_USED_MESSAGE));
    spec.givenCommands(issue(at(0))).when(use(at(2 * MINUTE))).thenThrows(new ForbiddenError(GRANT_EXPIRED_MESSAGE));
    spec.givenCommands(issue(at(0))).when(use(at(MINUTE), { memberId: 'm-2' })).thenThrows(new ForbiddenError(GRANT_OTHER_MEMBER_MESSAGE));
    spec.givenCommands(issue(at(0))).when(use(at(MINUTE), { sessionId: 's-2' })).thenThrows(new ForbiddenError(GRANT_OTHER_SESSION_MESSAGE));
    spec.givenCommands(issue(at(0))).when(use(at(MINUTE), { grantKey: 'b'.repeat(32) })).thenThrows(new ForbiddenError(GRANT_UNKNOWN_MESSAGE));
    spec.givenCommands(issue(at(0), false)).when(use(at(MINUTE))).thenThrows(new ForbiddenError(GRANT_UNKNOWN_MESSAGE));
  });

  it('keeps a refused use of another member unspent for its own member', () => {
    const history = [issue(at(0))];
    spec.givenCommands(...history).when(use(at(MINUTE), { memberId: 'm-2' })).thenThrows(ForbiddenError);
    expect(spec.givenCommands(...history).when(use(at(MINUTE))).events).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { eventSchemas, type CommandMetadata } from '@concierge/contracts';
import { ForbiddenError } from '@concierge/platform/errors';
import {
  decideStepUp,
  GRANT_EXPIRED_MESSAGE,
  GRANT_OTHER_MEMBER_MESSAGE,
  GRANT_OTHER_SESSION_MESSAGE,
  GRANT_UNKNOWN_MESSAGE,
  GRANT_USED_MESSAGE,
  StepUpLimitError,
  stepUpWaitSeconds,
  type StepUpCommand,
} from './decide.js';
import { evolveStepUp, initialStepUpState, STEP_UP_LIMIT, type StepUpEvent, type StepUpState } from './step-up.js';

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

function given(commands: StepUpCommand[]): StepUpState {
  let state = initialStepUpState;
  for (const command of commands) for (const event of decideStepUp(command, state)) state = evolveStepUp(state, event);
  return state;
}
function when(history: StepUpCommand[], command: StepUpCommand): StepUpEvent[] {
  const events = decideStepUp(command, given(history));
  for (const event of events) eventSchemas[event.type].parse(event.data);
  return events;
}

describe('step-up before a key reveal', () => {
  it('grants for two minutes, bound to the admin, the session and the member, naming its secret by id (no hash in the event) and the reason', () => {
    expect(when([], issue(at(0)))).toEqual([
      {
        type: 'StepUpGranted',
        data: { ...scope, grantId: GRANT, secretId: `secret-${GRANT}`, reason: 'member lost their device', grantedAt: at(0).toISOString(), expiresAt: at(2 * MINUTE).toISOString() },
      },
    ]);
  });

  it('records a wrong password instead of a grant', () => {
    expect(when([], issue(at(0), false))).toEqual([{ type: 'StepUpRefused', data: { ...scope, refusedAt: at(0).toISOString() } }]);
  });

  it('allows five step-ups an hour, wrong passwords included, and says when the oldest leaves the hour', () => {
    const five = [issue(at(0), false), ...[1, 2, 3, 4].map((n) => issue(at(n * MINUTE), n % 2 === 0, String(n).repeat(32)))];
    expect(STEP_UP_LIMIT).toBe(5);
    expect(stepUpWaitSeconds(given(five), at(10 * MINUTE))).toBe(50 * 60);
    expect(() => when(five, issue(at(10 * MINUTE), true, 'f'.repeat(32)))).toThrow(StepUpLimitError);
    expect(() => when(five, issue(at(10 * MINUTE), false))).toThrow(StepUpLimitError);
    // An hour after the first attempt, one more is allowed, and the next again waits for the second.
    expect(when(five, issue(at(60 * MINUTE), false))).toHaveLength(1);
    expect(stepUpWaitSeconds(given([...five, issue(at(60 * MINUTE), false)]), at(60 * MINUTE))).toBe(60);
  });

  it('spends a grant once, in its session, for its member, before it expires', () => {
    expect(when([issue(at(0))], use(at(MINUTE)))).toEqual([
      { type: 'StepUpGrantUsed', data: { adminId: 'admin-1', memberId: 'm-1', grantId: GRANT, usedAt: at(MINUTE).toISOString() } },
    ]);
    expect(() => when([issue(at(0)), use(at(MINUTE))], use(at(MINUTE)))).toThrow(new ForbiddenError(GRANT_USED_MESSAGE));
    expect(() => when([issue(at(0))], use(at(2 * MINUTE)))).toThrow(new ForbiddenError(GRANT_EXPIRED_MESSAGE));
    expect(() => when([issue(at(0))], use(at(MINUTE), { memberId: 'm-2' }))).toThrow(new ForbiddenError(GRANT_OTHER_MEMBER_MESSAGE));
    expect(() => when([issue(at(0))], use(at(MINUTE), { sessionId: 's-2' }))).toThrow(new ForbiddenError(GRANT_OTHER_SESSION_MESSAGE));
    expect(() => when([issue(at(0))], use(at(MINUTE), { grantKey: 'b'.repeat(32) }))).toThrow(new ForbiddenError(GRANT_UNKNOWN_MESSAGE));
    expect(() => when([issue(at(0), false)], use(at(MINUTE)))).toThrow(new ForbiddenError(GRANT_UNKNOWN_MESSAGE));
  });

  it('keeps a refused use of another member unspent for its own member', () => {
    const history = [issue(at(0))];
    expect(() => when(history, use(at(MINUTE), { memberId: 'm-2' }))).toThrow(ForbiddenError);
    expect(when(history, use(at(MINUTE)))).toHaveLength(1);
  });
});

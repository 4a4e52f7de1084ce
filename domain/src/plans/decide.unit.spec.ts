import { describe, expect, it } from 'vitest';
import { eventSchemas, type CommandMetadata, type SubscriptionPlanCommand } from '@concierge/contracts';
import { ConflictError, NotFoundError } from '@concierge/platform/errors';
import { decidePlan, DEFAULT_PLAN_UNDELETABLE_MESSAGE, inactivePlanMessage, PLAN_EXISTS_MESSAGE, PLAN_NOT_FOUND_MESSAGE, planMembersMessage } from './decide.js';
import { DEFAULT_PLAN_ID, evolvePlan, initialPlanState, type PlanEvent } from './plan.js';

const NOW = '2026-11-24T12:00:00.000Z';
const metadata: CommandMetadata = { actor: { type: 'user', userId: 'admin-1', role: 'admin' }, now: NOW, correlationId: 'c', commandId: 'c' };
const gold = { name: 'Gold', feePercentage: '2.5', description: 'For most members', isActive: true };

const create = (planId = 'p1', fields = gold): SubscriptionPlanCommand => ({ type: 'CreateSubscriptionPlan', data: { planId, ...fields }, metadata });
const update = (fields: Partial<typeof gold>, planId = 'p1'): SubscriptionPlanCommand => ({ type: 'UpdateSubscriptionPlan', data: { planId, ...gold, ...fields }, metadata });
const remove = (notMembers: string[] = [], planId = 'p1'): SubscriptionPlanCommand => ({ type: 'DeleteSubscriptionPlan', data: { planId, notMembers }, metadata });
const join = (userId: string, planId = 'p1'): SubscriptionPlanCommand => ({ type: 'AddSubscriptionPlanMember', data: { planId, userId }, metadata });
const leave = (userId: string, planId = 'p1'): SubscriptionPlanCommand => ({ type: 'RemoveSubscriptionPlanMember', data: { planId, userId }, metadata });

/** Decides each command on the state the ones before it left; every event must satisfy its contract. */
function run(...commands: SubscriptionPlanCommand[]): PlanEvent[] {
  const events: PlanEvent[] = [];
  for (const command of commands) events.push(...decidePlan(command, events.reduce(evolvePlan, initialPlanState)));
  for (const event of events) eventSchemas[event.type].parse(event.data);
  return events;
}
const when = (given: SubscriptionPlanCommand[], command: SubscriptionPlanCommand) => decidePlan(command, run(...given).reduce(evolvePlan, initialPlanState));
const refusal = (given: SubscriptionPlanCommand[], command: SubscriptionPlanCommand): Error => {
  try {
    when(given, command);
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the command to be refused');
};

describe('creating a plan', () => {
  it('records the plan with its exact fee text', () => {
    expect(run(create())).toEqual([{ type: 'SubscriptionPlanCreated', data: { planId: 'p1', ...gold, createdAt: NOW } }]);
  });
  it('changes nothing when the same creation comes again, and refuses other details under the same id', () => {
    expect(when([create()], create())).toEqual([]);
    const error = refusal([create()], create('p1', { ...gold, feePercentage: '3' }));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe(PLAN_EXISTS_MESSAGE);
  });
});

describe('editing a plan', () => {
  it('records new details, and activation apart from them', () => {
    expect(when([create()], update({ feePercentage: '3' }))).toEqual([
      { type: 'SubscriptionPlanUpdated', data: { planId: 'p1', name: 'Gold', feePercentage: '3', description: 'For most members', updatedAt: NOW } },
    ]);
    expect(when([create()], update({ isActive: false }))).toEqual([{ type: 'SubscriptionPlanDeactivated', data: { planId: 'p1', deactivatedAt: NOW } }]);
    expect(when([create(), update({ isActive: false })], update({ isActive: true, name: 'Platinum' }))).toEqual([
      { type: 'SubscriptionPlanUpdated', data: { planId: 'p1', name: 'Platinum', feePercentage: '2.5', description: 'For most members', updatedAt: NOW } },
      { type: 'SubscriptionPlanActivated', data: { planId: 'p1', activatedAt: NOW } },
    ]);
  });
  it('changes nothing when nothing differs', () => {
    expect(when([create()], update({}))).toEqual([]);
  });
  it('refuses a plan that does not exist or was deleted', () => {
    expect(refusal([], update({}))).toBeInstanceOf(NotFoundError);
    expect(refusal([create(), remove()], update({})).message).toBe(PLAN_NOT_FOUND_MESSAGE);
  });
});

describe('members joining and leaving', () => {
  it('records a member once, and their leaving once', () => {
    expect(when([create()], join('m1'))).toEqual([{ type: 'SubscriptionPlanMemberAdded', data: { planId: 'p1', userId: 'm1', addedAt: NOW } }]);
    expect(when([create(), join('m1')], join('m1'))).toEqual([]);
    expect(when([create(), join('m1')], leave('m1'))).toEqual([{ type: 'SubscriptionPlanMemberRemoved', data: { planId: 'p1', userId: 'm1', removedAt: NOW } }]);
    expect(when([create(), join('m1'), leave('m1')], leave('m1'))).toEqual([]);
  });
  it('refuses to assign an inactive plan, which stays valid for members already on it', () => {
    const error = refusal([create(), update({ isActive: false })], join('m2'));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe(inactivePlanMessage('Gold'));
    expect(when([create(), join('m1'), update({ isActive: false })], join('m1'))).toEqual([]);
  });
  it('refuses to put anyone on a plan that does not exist or was deleted', () => {
    expect(refusal([], join('m1'))).toBeInstanceOf(NotFoundError);
    expect(refusal([create(), remove()], join('m1'))).toBeInstanceOf(NotFoundError);
  });
});

describe('deleting a plan', () => {
  it('deletes a plan nobody is on, once', () => {
    expect(when([create(), join('m1'), leave('m1')], remove())).toEqual([{ type: 'SubscriptionPlanDeleted', data: { planId: 'p1', deletedAt: NOW } }]);
    expect(when([create(), remove()], remove())).toEqual([]);
  });
  it('refuses while members are on it, saying how many and what to do', () => {
    const error = refusal([create(), join('m1'), join('m2')], remove());
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe('2 members are on Gold: move them to another plan, or deactivate Gold instead (it stays valid for members already on it).');
    expect(refusal([create(), join('m1')], remove()).message).toBe(planMembersMessage('Gold', 1));
    expect(planMembersMessage('Gold', 1)).toMatch(/^1 member is on Gold/);
  });
  it('lets go of members who were found to be on another plan, in the same decision', () => {
    expect(refusal([create(), join('m1'), join('m2')], remove(['m1'])).message).toBe(planMembersMessage('Gold', 1));
    expect(when([create(), join('m1'), join('m2')], remove(['m1', 'm2', 'stranger']))).toEqual([
      { type: 'SubscriptionPlanMemberRemoved', data: { planId: 'p1', userId: 'm1', removedAt: NOW } },
      { type: 'SubscriptionPlanMemberRemoved', data: { planId: 'p1', userId: 'm2', removedAt: NOW } },
      { type: 'SubscriptionPlanDeleted', data: { planId: 'p1', deletedAt: NOW } },
    ]);
  });
  it('never deletes the default plan', () => {
    const error = refusal([create(DEFAULT_PLAN_ID)], remove([], DEFAULT_PLAN_ID));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe(DEFAULT_PLAN_UNDELETABLE_MESSAGE);
  });
});

import { describe, expect, it } from 'vitest';
import type { CommandMetadata, SubscriptionPlanCommand } from '@concierge/contracts';
import { ConflictError, NotFoundError } from '@concierge/platform/errors';
import { DeciderSpecification } from '../shared/testing/decider-specification.js';
import { DEFAULT_PLAN_UNDELETABLE_MESSAGE, inactivePlanMessage, PLAN_EXISTS_MESSAGE, PLAN_NOT_FOUND_MESSAGE, planAggregate, planMembersMessage } from './decide.js';
import { DEFAULT_PLAN_ID } from './plan.js';

const NOW = '2026-11-24T12:00:00.000Z';
const metadata: CommandMetadata = { actor: { type: 'user', userId: 'admin-1', role: 'admin' }, now: NOW, correlationId: 'c', commandId: 'c' };
const gold = { name: 'Gold', feePercentage: '2.5', description: 'For most members', isActive: true };

const create = (planId = 'p1', fields = gold): SubscriptionPlanCommand => ({ type: 'CreateSubscriptionPlan', data: { planId, ...fields }, metadata });
const update = (fields: Partial<typeof gold>, planId = 'p1'): SubscriptionPlanCommand => ({ type: 'UpdateSubscriptionPlan', data: { planId, ...gold, ...fields }, metadata });
const remove = (notMembers: string[] = [], planId = 'p1'): SubscriptionPlanCommand => ({ type: 'DeleteSubscriptionPlan', data: { planId, notMembers }, metadata });
const join = (userId: string, planId = 'p1'): SubscriptionPlanCommand => ({ type: 'AddSubscriptionPlanMember', data: { planId, userId }, metadata });
const leave = (userId: string, planId = 'p1'): SubscriptionPlanCommand => ({ type: 'RemoveSubscriptionPlanMember', data: { planId, userId }, metadata });

const spec = DeciderSpecification.for(planAggregate);

describe('creating a plan', () => {
  it('records the plan with its exact fee text', () => {
    spec.given().when(create()).then([{ type: 'SubscriptionPlanCreated', data: { planId: 'p1', ...gold, createdAt: NOW } }]);
  });
  it('changes nothing when the same creation comes again, and refuses other details under the same id', () => {
    spec.givenCommands(create()).when(create()).thenNothingHappens();
    const error = spec.givenCommands(create()).when(create('p1', { ...gold, feePercentage: '3' })).thenThrows();
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe(PLAN_EXISTS_MESSAGE);
  });
});

describe('editing a plan', () => {
  it('records new details, and activation apart from them', () => {
    spec.givenCommands(create()).when(update({ feePercentage: '3' })).then([
      { type: 'SubscriptionPlanUpdated', data: { planId: 'p1', name: 'Gold', feePercentage: '3', description: 'For most members', updatedAt: NOW } },
    ]);
    spec.givenCommands(create()).when(update({ isActive: false })).then([{ type: 'SubscriptionPlanDeactivated', data: { planId: 'p1', deactivatedAt: NOW } }]);
    spec.givenCommands(create(), update({ isActive: false })).when(update({ isActive: true, name: 'Platinum' })).then([
      { type: 'SubscriptionPlanUpdated', data: { planId: 'p1', name: 'Platinum', feePercentage: '2.5', description: 'For most members', updatedAt: NOW } },
      { type: 'SubscriptionPlanActivated', data: { planId: 'p1', activatedAt: NOW } },
    ]);
  });
  it('changes nothing when nothing differs', () => {
    spec.givenCommands(create()).when(update({})).thenNothingHappens();
  });
  it('refuses a plan that does not exist or was deleted', () => {
    expect(spec.given().when(update({})).thenThrows()).toBeInstanceOf(NotFoundError);
    expect(spec.givenCommands(create(), remove()).when(update({})).thenThrows().message).toBe(PLAN_NOT_FOUND_MESSAGE);
  });
});

describe('members joining and leaving', () => {
  it('records a member once, and their leaving once', () => {
    spec.givenCommands(create()).when(join('m1')).then([{ type: 'SubscriptionPlanMemberAdded', data: { planId: 'p1', userId: 'm1', addedAt: NOW } }]);
    spec.givenCommands(create(), join('m1')).when(join('m1')).thenNothingHappens();
    spec.givenCommands(create(), join('m1')).when(leave('m1')).then([{ type: 'SubscriptionPlanMemberRemoved', data: { planId: 'p1', userId: 'm1', removedAt: NOW } }]);
    spec.givenCommands(create(), join('m1'), leave('m1')).when(leave('m1')).thenNothingHappens();
  });
  it('refuses to assign an inactive plan, which stays valid for members already on it', () => {
    const error = spec.givenCommands(create(), update({ isActive: false })).when(join('m2')).thenThrows();
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe(inactivePlanMessage('Gold'));
    spec.givenCommands(create(), join('m1'), update({ isActive: false })).when(join('m1')).thenNothingHappens();
  });
  it('refuses to put anyone on a plan that does not exist or was deleted', () => {
    expect(spec.given().when(join('m1')).thenThrows()).toBeInstanceOf(NotFoundError);
    expect(spec.givenCommands(create(), remove()).when(join('m1')).thenThrows()).toBeInstanceOf(NotFoundError);
  });
});

describe('deleting a plan', () => {
  it('deletes a plan nobody is on, once', () => {
    spec.givenCommands(create(), join('m1'), leave('m1')).when(remove()).then([{ type: 'SubscriptionPlanDeleted', data: { planId: 'p1', deletedAt: NOW } }]);
    spec.givenCommands(create(), remove()).when(remove()).thenNothingHappens();
  });
  it('refuses while members are on it, saying how many and what to do', () => {
    const error = spec.givenCommands(create(), join('m1'), join('m2')).when(remove()).thenThrows();
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe('2 members are on Gold: move them to another plan, or deactivate Gold instead (it stays valid for members already on it).');
    expect(spec.givenCommands(create(), join('m1')).when(remove()).thenThrows().message).toBe(planMembersMessage('Gold', 1));
    expect(planMembersMessage('Gold', 1)).toMatch(/^1 member is on Gold/);
  });
  it('lets go of members who were found to be on another plan, in the same decision', () => {
    expect(spec.givenCommands(create(), join('m1'), join('m2')).when(remove(['m1'])).thenThrows().message).toBe(planMembersMessage('Gold', 1));
    spec.givenCommands(create(), join('m1'), join('m2')).when(remove(['m1', 'm2', 'stranger'])).then([
      { type: 'SubscriptionPlanMemberRemoved', data: { planId: 'p1', userId: 'm1', removedAt: NOW } },
      { type: 'SubscriptionPlanMemberRemoved', data: { planId: 'p1', userId: 'm2', removedAt: NOW } },
      { type: 'SubscriptionPlanDeleted', data: { planId: 'p1', deletedAt: NOW } },
    ]);
  });
  it('never deletes the default plan', () => {
    const error = spec.givenCommands(create(DEFAULT_PLAN_ID)).when(remove([], DEFAULT_PLAN_ID)).thenThrows();
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe(DEFAULT_PLAN_UNDELETABLE_MESSAGE);
  });
});

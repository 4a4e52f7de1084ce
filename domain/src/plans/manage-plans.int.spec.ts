import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamName } from '@concierge/contracts';
import { ConflictError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createPgCredentialStore } from '@concierge/platform/credential-store/postgres/pg-credential-store';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { registerUser } from '../identity/registration/register-user.js';
import { caseInsensitiveKey, CLAIM_IN_PROGRESS_MS } from '../shared/claims.js';
import type { CommandContext } from '../shared/command-context.js';
import { toNewEvents } from '../shared/command-context.js';
import { planMembersMessage } from './decide.js';
import { createPlan } from './create-plan.js';
import { planAggregate } from './decide.js';
import { deletePlan } from './delete-plan.js';
import { ensureDefaultPlan } from './ensure-default-plan.js';
import { joinPlan } from './join-plan.js';
import { leavePlan } from './leave-plan.js';
import { currentPlanFee } from './plan-fee.js';
import { planNameTakenMessage } from './plan-name.js';
import { updatePlan } from './update-plan.js';
import { DEFAULT_PLAN_ID, DEFAULT_PLAN_NAME, planNameStreamId } from './plan.js';

describe('managing subscription plans on the event store', () => {
  let schemas: TestSchemas;
  let eventStore: EventStore;
  const at = (now = new Date('2026-11-24T12:00:00Z')): CommandContext => ({
    actor: { type: 'user', userId: 'admin-1', role: 'admin' },
    correlationId: randomUUID(),
    causationId: randomUUID(),
    now,
  });
  const fields = (name: string, feePercentage = '2.5', isActive = true) => ({ name, feePercentage, description: '', isActive });
  const deps = () => ({ eventStore });

  /** What the member's own stream would hold after an admin moved them (the identity side of an assignment). */
  const moveMember = async (userId: string, planId: string | null) => {
    await eventStore.appendToStream(streamName('user', userId), toNewEvents([{ type: 'UserSubscriptionPlanChanged', data: { userId, planId, changedAt: at().now.toISOString() } }], at()), {
      expectedRevision: 'any',
    });
  };

  const hasher = { hash: async (password: string) => `plain:${password}`, verify: async () => false };
  const registered = async (name: string) => {
    const input = { email: `${name}-${randomUUID()}@example.com`, password: 'Str0ngPassw0rd', firstName: name, lastName: 'Member' };
    return (await registerUser({ eventStore, hasher, credentials: createPgCredentialStore({ pool: schemas.pool, schema: schemas.eventStoreSchema }) }, input, at())).userId;
  };

  beforeAll(async () => {
    schemas = await createTestSchemas('manageplans');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
  });
  afterAll(async () => schemas?.drop());

  it('seeds the default plan once with the configured fee, and charges it to members without a plan', async () => {
    expect(await currentPlanFee(deps(), null)).toEqual({ planId: null, feePercentage: '0' });
    expect(await ensureDefaultPlan(deps(), { feePercentage: '1.25' }, at())).toEqual({ created: true, feePercentage: '1.25' });
    expect(await ensureDefaultPlan(deps(), { feePercentage: '9' }, at())).toEqual({ created: false, feePercentage: '1.25' });
    expect(await planAggregate.load(deps(), DEFAULT_PLAN_ID)).toMatchObject({ status: 'live', name: DEFAULT_PLAN_NAME, feePercentage: '1.25', isActive: true });
    expect(await currentPlanFee(deps(), null)).toEqual({ planId: DEFAULT_PLAN_ID, feePercentage: '1.25' });
  });

  it('keeps names unique ignoring case, also when many admins race for one name', async () => {
    await createPlan(deps(), fields('Gold'), at());
    const refused = createPlan(deps(), fields('  gold '), at());
    await expect(refused).rejects.toThrow(planNameTakenMessage('Gold'));
    const racers = await Promise.allSettled(Array.from({ length: 8 }, () => createPlan(deps(), fields('Silver'), at())));
    expect(racers.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of racers) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ConflictError);
  });

  it('frees a name on rename and on delete, and refuses a rename onto a name in use', async () => {
    const { plan } = await createPlan(deps(), fields('Bronze'), at());
    await expect(updatePlan(deps(), { planId: plan.planId, ...fields('GOLD') }, at())).rejects.toThrow(planNameTakenMessage('Gold'));
    expect(await planAggregate.load(deps(), plan.planId)).toMatchObject({ name: 'Bronze' });
    await updatePlan(deps(), { planId: plan.planId, ...fields('Copper') }, at());
    await createPlan(deps(), fields('bronze'), at());
    await deletePlan(deps(), { planId: plan.planId }, at());
    await createPlan(deps(), fields('Copper', '1'), at());
  });

  it('takes over a name left by a creation that stopped half-way, once it is old enough', async () => {
    const ghost = randomUUID();
    const key = caseInsensitiveKey('Orphan');
    const claimedAt = new Date('2026-11-24T12:00:00Z');
    await eventStore.appendToStream(planNameStreamId(key), toNewEvents([{ type: 'UniqueValueClaimed', data: { value: 'Orphan', ownerId: ghost, claimedAt: claimedAt.toISOString() } }], at()), {
      expectedRevision: 'no_stream',
    });
    await expect(createPlan(deps(), fields('orphan'), at(new Date(claimedAt.getTime() + 1000)))).rejects.toThrow(planNameTakenMessage('Orphan'));
    const later = new Date(claimedAt.getTime() + CLAIM_IN_PROGRESS_MS + 1000);
    const { plan } = await createPlan(deps(), fields('orphan'), at(later));
    expect(plan.name).toBe('orphan');
  });

  it('charges the fee of the plan at the moment, and an inactive plan stays valid for its members but cannot be assigned', async () => {
    const { plan } = await createPlan(deps(), fields('Platinum', '2.5'), at());
    const ada = randomUUID();
    await joinPlan(deps(), { planId: plan.planId, userId: ada }, at());
    await moveMember(ada, plan.planId);
    expect(await currentPlanFee(deps(), plan.planId)).toEqual({ planId: plan.planId, feePercentage: '2.5' });
    await updatePlan(deps(), { planId: plan.planId, ...fields('Platinum', '3', false) }, at());
    expect(await currentPlanFee(deps(), plan.planId)).toEqual({ planId: plan.planId, feePercentage: '3' });
    await expect(joinPlan(deps(), { planId: plan.planId, userId: randomUUID() }, at())).rejects.toThrow('The plan Platinum is inactive');
    await joinPlan(deps(), { planId: plan.planId, userId: ada }, at());
  });

  it('refuses to delete a plan with members, counting only those really on it', async () => {
    const { plan } = await createPlan(deps(), fields('Diamond'), at());
    // Registered members: the user aggregate's state (what a delete asks) holds a plan only once the user is registered.
    const [ada, bob, cy] = [await registered('ada'), await registered('bob'), await registered('cy')];
    for (const userId of [ada, bob, cy]) {
      await joinPlan(deps(), { planId: plan.planId, userId: userId }, at());
      await moveMember(userId, plan.planId);
    }
    await expect(deletePlan(deps(), { planId: plan.planId }, at())).rejects.toThrow(planMembersMessage('Diamond', 3));
    // Bob moved to the default plan but the move stopped before the plan was told; Cy moved fully.
    await moveMember(bob, null);
    await moveMember(cy, DEFAULT_PLAN_ID);
    await leavePlan(deps(), { planId: plan.planId, userId: cy }, at());
    await expect(deletePlan(deps(), { planId: plan.planId }, at())).rejects.toThrow(planMembersMessage('Diamond', 1));
    await moveMember(ada, null);
    await deletePlan(deps(), { planId: plan.planId }, at());
    expect(await planAggregate.load(deps(), plan.planId)).toMatchObject({ status: 'deleted' });
    // A member whose plan is gone is charged the default plan's fee.
    expect(await currentPlanFee(deps(), plan.planId)).toEqual({ planId: DEFAULT_PLAN_ID, feePercentage: '1.25' });
    await expect(deletePlan(deps(), { planId: DEFAULT_PLAN_ID }, at())).rejects.toThrow('The default plan cannot be deleted');
  });
});

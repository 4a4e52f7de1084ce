import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PlanReadModel } from '@concierge/contracts';
import { at, envelope } from '../accounts/money-history.js';
import { useProjectionHarness } from '../testing/projection-harness.js';
import { PLANS_COLLECTION, plansProjection } from './projection.js';

describe('plans projection', () => {
  const harness = useProjectionHarness(plansProjection, 'plansproj');
  const plans = () => harness.readStore.collection<PlanReadModel>(PLANS_COLLECTION);
  const gold = randomUUID();
  const event = (type: string, data: Record<string, unknown>, minute: number) => envelope(type, data, at(minute));

  it('shows each live plan with its exact fee, activation and member count', async () => {
    await harness.append('plan-default', event('SubscriptionPlanCreated', { planId: 'default', name: 'Premium Concierge', feePercentage: '0', description: '', isActive: true, createdAt: at(0) }, 0));
    await harness.append(
      `plan-${gold}`,
      event('SubscriptionPlanCreated', { planId: gold, name: 'Gold', feePercentage: '2.5', description: 'Most members', isActive: true, createdAt: at(1) }, 1),
      event('SubscriptionPlanMemberAdded', { planId: gold, userId: 'm1', addedAt: at(2) }, 2),
      event('SubscriptionPlanMemberAdded', { planId: gold, userId: 'm2', addedAt: at(3) }, 3),
      event('SubscriptionPlanMemberRemoved', { planId: gold, userId: 'm1', removedAt: at(4) }, 4),
      event('SubscriptionPlanUpdated', { planId: gold, name: 'Gold+', feePercentage: '3.25', description: 'Most members', updatedAt: at(5) }, 5),
      event('SubscriptionPlanDeactivated', { planId: gold, deactivatedAt: at(6) }, 6),
    );
    await harness.catchUp();
    expect(await plans().get(gold)).toEqual({
      id: gold,
      name: 'Gold+',
      feePercentage: '3.25',
      description: 'Most members',
      isActive: false,
      isDefault: false,
      memberCount: 1,
      createdAt: at(1),
      updatedAt: at(6),
    });
    expect(await plans().get('default')).toMatchObject({ isDefault: true, isActive: true, memberCount: 0 });
  });

  it('drops a deleted plan, and comes out identical when rebuilt', async () => {
    await harness.append(
      `plan-${gold}`,
      event('SubscriptionPlanActivated', { planId: gold, activatedAt: at(7) }, 7),
      event('SubscriptionPlanMemberRemoved', { planId: gold, userId: 'm2', removedAt: at(8) }, 8),
      event('SubscriptionPlanDeleted', { planId: gold, deletedAt: at(9) }, 9),
    );
    await harness.catchUp();
    expect(await plans().get(gold)).toBeUndefined();
    const before = await plans().find();
    await harness.rebuild(1000);
    expect(await plans().find()).toEqual(before);
    expect(before.map((p) => p.id)).toEqual(['default']);
  });
});

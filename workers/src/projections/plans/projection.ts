import { DEFAULT_PLAN_ID, PLANS_COLLECTION, type PlanReadModel } from '@concierge/contracts';
import { instant } from '../deposits/members.js';
import { defineProjection, type ProjectionContext } from '../runtime/projection.js';

export { PLANS_COLLECTION };

const plans = (tx: ProjectionContext) => tx.collection<PlanReadModel>(PLANS_COLLECTION);

async function countMembers(tx: ProjectionContext, planId: string, by: 1 | -1, at: string): Promise<void> {
  const plan = await plans(tx).get(planId);
  if (plan) await plans(tx).update(planId, { memberCount: Math.max(0, plan.memberCount + by), updatedAt: instant(at) });
}

/** One document per live plan, with how many members were put on it; a deleted plan's document goes. */
export const plansProjection = defineProjection({
  name: 'plans',
  readModels: [PLANS_COLLECTION],
  on: {
    async SubscriptionPlanCreated({ data: e }, tx) {
      const at = instant(e.createdAt);
      await plans(tx).upsert({
        id: e.planId,
        name: e.name,
        feePercentage: e.feePercentage,
        description: e.description,
        isActive: e.isActive,
        isDefault: e.planId === DEFAULT_PLAN_ID,
        memberCount: 0,
        createdAt: at,
        updatedAt: at,
      });
    },
    async SubscriptionPlanUpdated({ data: e }, tx) {
      await plans(tx).update(e.planId, { name: e.name, feePercentage: e.feePercentage, description: e.description, updatedAt: instant(e.updatedAt) });
    },
    async SubscriptionPlanActivated({ data: e }, tx) {
      await plans(tx).update(e.planId, { isActive: true, updatedAt: instant(e.activatedAt) });
    },
    async SubscriptionPlanDeactivated({ data: e }, tx) {
      await plans(tx).update(e.planId, { isActive: false, updatedAt: instant(e.deactivatedAt) });
    },
    async SubscriptionPlanDeleted({ data: e }, tx) {
      await plans(tx).delete(e.planId);
    },
    SubscriptionPlanMemberAdded: ({ data: e }, tx) => countMembers(tx, e.planId, 1, e.addedAt),
    SubscriptionPlanMemberRemoved: ({ data: e }, tx) => countMembers(tx, e.planId, -1, e.removedAt),
  },
});

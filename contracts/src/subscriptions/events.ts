import { z } from 'zod';
import { EntityId, Instant } from '../shared/fields.js';
import { FeePercentageText } from '../shared/money.js';

/**
 * The id of the plan every member is on until an admin puts them on another (a member whose
 * `subscriptionPlan` is null is on it): it exists from the first start and is never deleted.
 */
export const DEFAULT_PLAN_ID = 'default';

/**
 * Stream `plan-<planId>`: one subscription plan and the members on it. Its fee percentage applies
 * to deposits recorded while a member is on it; a deposit keeps the fee it was charged.
 */
export const SubscriptionPlanCreated = z.object({
  planId: EntityId,
  name: z.string().min(1),
  feePercentage: FeePercentageText,
  description: z.string(),
  isActive: z.boolean(),
  createdAt: Instant,
});
/** The plan's new name, fee and description after an edit (activation has events of its own). */
export const SubscriptionPlanUpdated = z.object({
  planId: EntityId,
  name: z.string().min(1),
  feePercentage: FeePercentageText,
  description: z.string(),
  updatedAt: Instant,
});
/** The plan can be assigned again. */
export const SubscriptionPlanActivated = z.object({ planId: EntityId, activatedAt: Instant });
/** The plan can no longer be assigned; members already on it stay on it and are charged its fee. */
export const SubscriptionPlanDeactivated = z.object({ planId: EntityId, deactivatedAt: Instant });
export const SubscriptionPlanDeleted = z.object({ planId: EntityId, deletedAt: Instant });
/**
 * A member was put on the plan. Appended before the member's own `UserSubscriptionPlanChanged`, so
 * the plan always knows at least every member on it and cannot be deleted from under one.
 */
export const SubscriptionPlanMemberAdded = z.object({ planId: EntityId, userId: EntityId, addedAt: Instant });
/** A member moved to another plan (or to the default one), or was found not to be on this one any more. */
export const SubscriptionPlanMemberRemoved = z.object({ planId: EntityId, userId: EntityId, removedAt: Instant });

export const subscriptionPlanEvents = {
  SubscriptionPlanCreated,
  SubscriptionPlanUpdated,
  SubscriptionPlanActivated,
  SubscriptionPlanDeactivated,
  SubscriptionPlanDeleted,
  SubscriptionPlanMemberAdded,
  SubscriptionPlanMemberRemoved,
} as const;

export type SubscriptionPlanCreated = z.infer<typeof SubscriptionPlanCreated>;
export type SubscriptionPlanUpdated = z.infer<typeof SubscriptionPlanUpdated>;
export type SubscriptionPlanActivated = z.infer<typeof SubscriptionPlanActivated>;
export type SubscriptionPlanDeactivated = z.infer<typeof SubscriptionPlanDeactivated>;
export type SubscriptionPlanDeleted = z.infer<typeof SubscriptionPlanDeleted>;
export type SubscriptionPlanMemberAdded = z.infer<typeof SubscriptionPlanMemberAdded>;
export type SubscriptionPlanMemberRemoved = z.infer<typeof SubscriptionPlanMemberRemoved>;

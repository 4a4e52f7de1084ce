import { z } from 'zod';
import { EntityId, Instant } from '../shared/fields.js';
import { FeePercentageText } from '../shared/money.js';

/** Stream `plan-<planId>`: one subscription plan. Its fee percentage applies to deposits made while a member has it. */
export const SubscriptionPlanCreated = z.object({
  planId: EntityId,
  name: z.string().min(1),
  feePercentage: FeePercentageText,
  description: z.string(),
  isActive: z.boolean(),
  createdAt: Instant,
});
/** The plan's new full state after an edit. Deposits already made keep their fee. */
export const SubscriptionPlanUpdated = z.object({
  planId: EntityId,
  name: z.string().min(1),
  feePercentage: FeePercentageText,
  description: z.string(),
  isActive: z.boolean(),
  updatedAt: Instant,
});
export const SubscriptionPlanDeleted = z.object({ planId: EntityId, deletedAt: Instant });

export const subscriptionPlanEvents = { SubscriptionPlanCreated, SubscriptionPlanUpdated, SubscriptionPlanDeleted } as const;

export type SubscriptionPlanCreated = z.infer<typeof SubscriptionPlanCreated>;
export type SubscriptionPlanUpdated = z.infer<typeof SubscriptionPlanUpdated>;
export type SubscriptionPlanDeleted = z.infer<typeof SubscriptionPlanDeleted>;

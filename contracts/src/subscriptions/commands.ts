import { z } from 'zod';
import { defineCommand } from '../shared/command.js';
import { EntityId } from '../shared/fields.js';
import { FeePercentageText } from '../shared/money.js';

const planData = {
  planId: EntityId,
  name: z.string().min(1),
  feePercentage: FeePercentageText,
  description: z.string(),
  isActive: z.boolean(),
};

export const CreateSubscriptionPlan = defineCommand('CreateSubscriptionPlan', planData);
/** Replace the plan's fields (PUT semantics). */
export const UpdateSubscriptionPlan = defineCommand('UpdateSubscriptionPlan', planData);
export const DeleteSubscriptionPlan = defineCommand('DeleteSubscriptionPlan', { planId: EntityId });

export const subscriptionPlanCommands = { CreateSubscriptionPlan, UpdateSubscriptionPlan, DeleteSubscriptionPlan } as const;

export type CreateSubscriptionPlan = z.infer<typeof CreateSubscriptionPlan>;
export type UpdateSubscriptionPlan = z.infer<typeof UpdateSubscriptionPlan>;
export type DeleteSubscriptionPlan = z.infer<typeof DeleteSubscriptionPlan>;
export type SubscriptionPlanCommand = z.infer<(typeof subscriptionPlanCommands)[keyof typeof subscriptionPlanCommands]>;

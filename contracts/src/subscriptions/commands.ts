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

/** Creating a plan that already exists with the same fields changes nothing (a retried request). */
export const CreateSubscriptionPlan = defineCommand('CreateSubscriptionPlan', planData);
/** Replace the plan's fields (PUT semantics); deposits already recorded keep their fee. */
export const UpdateSubscriptionPlan = defineCommand('UpdateSubscriptionPlan', planData);
/**
 * Delete the plan. `notMembers` lists members the plan still counts whose own stream shows them on
 * another plan (a move that stopped half-way): they leave in the same decision.
 */
export const DeleteSubscriptionPlan = defineCommand('DeleteSubscriptionPlan', { planId: EntityId, notMembers: z.array(EntityId) });
/** Put a member on the plan (the plan side of an assignment). */
export const AddSubscriptionPlanMember = defineCommand('AddSubscriptionPlanMember', { planId: EntityId, userId: EntityId });
/** Take a member off the plan (the plan side of moving them elsewhere). */
export const RemoveSubscriptionPlanMember = defineCommand('RemoveSubscriptionPlanMember', { planId: EntityId, userId: EntityId });

export const subscriptionPlanCommands = {
  CreateSubscriptionPlan,
  UpdateSubscriptionPlan,
  DeleteSubscriptionPlan,
  AddSubscriptionPlanMember,
  RemoveSubscriptionPlanMember,
} as const;

export type CreateSubscriptionPlan = z.infer<typeof CreateSubscriptionPlan>;
export type UpdateSubscriptionPlan = z.infer<typeof UpdateSubscriptionPlan>;
export type DeleteSubscriptionPlan = z.infer<typeof DeleteSubscriptionPlan>;
export type AddSubscriptionPlanMember = z.infer<typeof AddSubscriptionPlanMember>;
export type RemoveSubscriptionPlanMember = z.infer<typeof RemoveSubscriptionPlanMember>;
export type SubscriptionPlanCommand = z.infer<(typeof subscriptionPlanCommands)[keyof typeof subscriptionPlanCommands]>;

import { z } from 'zod';
import { jsonBody, optionalText, requiredText } from '../shared/fields.js';
import { FeePercentage } from '../shared/money.js';
import { CommandAccepted } from '../shared/problem.js';

/** Toast for an invalid plan form. */
export const PLAN_FORM_INVALID = 'Please fill out the form correctly.';

/** POST /subscriptions and PUT /subscriptions/:id (a PUT replaces every field). */
export const SavePlanRequest = jsonBody({
  name: requiredText('Plan name', 100),
  feePercentage: FeePercentage,
  description: optionalText('Description', 1000),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
});
export type SavePlanRequest = z.infer<typeof SavePlanRequest>;

/** A subscription plan as the API shows it; `feePercentage` is a number for display. */
export const PlanDto = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  feePercentage: z.number(),
  description: z.string(),
  isActive: z.boolean(),
  /** The plan members are on until an admin moves them: it cannot be deleted. */
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlanDto = z.infer<typeof PlanDto>;

export const PlanListResponse = z.array(PlanDto);

export const PLAN_SAVED_MESSAGE = 'Subscription plan created or updated successfully.';
export const PLAN_DELETED_MESSAGE = 'Subscription plan deleted successfully.';

/** The saved plan, so the SPA can update its table at once. */
export const PlanSavedResponse = CommandAccepted.extend({ message: z.string(), plan: PlanDto });
export type PlanSavedResponse = z.infer<typeof PlanSavedResponse>;

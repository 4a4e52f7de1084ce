/** Collection of the plans read model, written by the workers' plans projection. */
export const PLANS_COLLECTION = 'plans';

/** A live subscription plan (a deleted one has no document). */
export type PlanReadModel = {
  id: string;
  name: string;
  /** Canonical decimal text, exact (e.g. '2.5'). */
  feePercentage: string;
  description: string;
  isActive: boolean;
  isDefault: boolean;
  /** Members put on the plan and not moved off it (members without a plan are on the default plan and not counted). */
  memberCount: number;
  createdAt: string;
  updatedAt: string;
};

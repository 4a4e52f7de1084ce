import type { PlanDto } from '@concierge/contracts';
import { ApiError } from '../../../lib/api-client';

export type PlanOption = { value: string; label: string };

/** '' stands for "no plan" in the select (the API takes null). */
export const NO_PLAN = '';

/** The options of the plan select; a plan the user holds stays listed even if it is gone. */
export function planOptions(plans: PlanDto[] | undefined, current: string | null): PlanOption[] {
  const options: PlanOption[] = [{ value: NO_PLAN, label: 'No plan' }];
  for (const plan of plans ?? []) {
    options.push({ value: plan.id, label: plan.isActive ? plan.name : `${plan.name} (inactive)` });
  }
  if (current !== null && !options.some((option) => option.value === current)) {
    options.push({ value: current, label: plans ? 'Unknown plan' : current });
  }
  return options;
}

/** The name of the user's plan for display. */
export function planLabel(plans: PlanDto[] | undefined, current: string | null): string {
  if (current === null) return 'No plan';
  return plans?.find((plan) => plan.id === current)?.name ?? current;
}

/** Why the plan select is disabled, or undefined when it can be used. */
export function planHint(isPending: boolean, error: Error | null): string | undefined {
  if (isPending) return 'Loading subscription plans…';
  if (error instanceof ApiError && error.status === 501) return 'Subscription plans are not available yet.';
  if (error) return 'Failed to load subscription plans.';
  return undefined;
}

import type { PlanDto } from '@concierge/contracts';
import { ApiError } from '../../../lib/api-client';

export type PlanOption = { value: string; label: string };

/**
 * The plan select's choices: the active plans (the default plan among them), and the member's own
 * plan even when it is inactive (marked), since it stays valid for those already on it.
 */
export function planOptions(plans: PlanDto[] | undefined, current: string): PlanOption[] {
  const options: PlanOption[] = [];
  for (const plan of plans ?? []) {
    if (plan.isActive) options.push({ value: plan.id, label: plan.isDefault ? `${plan.name} (default)` : plan.name });
    else if (plan.id === current) options.push({ value: plan.id, label: `${plan.name} (inactive)` });
  }
  if (!options.some((option) => option.value === current)) options.push({ value: current, label: plans ? 'Unknown plan' : current });
  return options;
}

/** Why the plan select is disabled, or undefined when it can be used. */
export function planHint(isPending: boolean, error: Error | null): string | undefined {
  if (isPending) return 'Loading subscription plans…';
  if (error instanceof ApiError && error.status === 501) return 'Subscription plans are not available yet.';
  if (error) return 'Failed to load subscription plans.';
  return undefined;
}

import { NotFoundError } from '@concierge/platform/errors';
import type { Position } from '@concierge/platform/event-store/position';
import { PLAN_NOT_FOUND_MESSAGE } from './decide.js';
import type { Plan, PlanState } from './plan.js';

/** A plan as it stands after a command, with the position of the command's last event. */
export interface PlanAfter {
  readonly plan: Plan;
  readonly position: Position | null;
}

export function planAfter(state: PlanState, position: Position | null): PlanAfter {
  if (state.status === 'none') throw new NotFoundError(PLAN_NOT_FOUND_MESSAGE);
  return { plan: state, position };
}

/** Ids this service issues are UUIDs (and the default plan's); anything else names no plan and never reaches the store. */
export function issuedPlanId(id: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new NotFoundError(PLAN_NOT_FOUND_MESSAGE);
  return id;
}

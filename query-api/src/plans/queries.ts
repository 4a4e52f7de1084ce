import { DEFAULT_PLAN_ID, feePercentageToNumber, PLANS_COLLECTION, type PlanDto, type PlanReadModel } from '@concierge/contracts';
import type { Collection, ReadStore } from '@concierge/platform/read-store/port';

const plans = (readStore: ReadStore): Collection<PlanReadModel> => readStore.collection<PlanReadModel>(PLANS_COLLECTION);

export function toPlanDto(doc: PlanReadModel): PlanDto {
  return {
    _id: doc.id,
    id: doc.id,
    name: doc.name,
    feePercentage: feePercentageToNumber(doc.feePercentage),
    description: doc.description,
    isActive: doc.isActive,
    isDefault: doc.isDefault,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** GET /subscriptions: every live plan, the default one first, then by name. */
export async function listPlans(readStore: ReadStore): Promise<PlanDto[]> {
  const docs = await plans(readStore).find({ sort: [{ field: 'name', direction: 'asc' }] });
  const byName = docs.sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  return byName.map(toPlanDto);
}

/** The names of the plans by id, for showing a member's plan (a plan list is short). */
export async function planNames(readStore: ReadStore): Promise<ReadonlyMap<string, string>> {
  return new Map((await plans(readStore).find()).map((plan) => [plan.id, plan.name]));
}

/** The name of the plan a member is on: theirs, or the default plan's when they have none (or theirs is gone). */
export function planNameOf(names: ReadonlyMap<string, string>, planId: string | null): string | null {
  return (planId !== null ? names.get(planId) : undefined) ?? names.get(DEFAULT_PLAN_ID) ?? null;
}

/** The same for one member, reading only the plans it needs. */
export async function planNameFor(readStore: ReadStore, planId: string | null): Promise<string | null> {
  const own = planId !== null ? await plans(readStore).get(planId) : undefined;
  return own?.name ?? (await plans(readStore).get(DEFAULT_PLAN_ID))?.name ?? null;
}

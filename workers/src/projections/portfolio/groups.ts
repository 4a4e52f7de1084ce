import type { StrategyGroupCreated } from '@concierge/contracts';
import type { StrategyGroupInput } from '@concierge/domain/portfolio/figures/index';
import type { ProjectionContext, ProjectionHandlers } from '../runtime/projection.js';

/**
 * The portfolio projection's own copy of the live strategy groups, as one document: a projection
 * cannot read another's read model (that one may be ahead or behind), and classifying a valuation
 * by the groups as they stood at its position in the event order is what makes a rebuild give the
 * same documents. One document, because a projection reads by id only; the groups are few.
 */
export const PORTFOLIO_GROUPS_COLLECTION = 'portfolio_groups';
const CATALOG_ID = 'live';

type CatalogDoc = { id: string; groups: GroupDoc[] };
/** A `StrategyGroupInput` as stored (a type literal, as documents must be). */
type GroupDoc = { id: string; name: string; displayName: string; description: string; color: string; riskTenths: number; tokenSymbols: string[] };

const catalog = (tx: ProjectionContext) => tx.collection<CatalogDoc>(PORTFOLIO_GROUPS_COLLECTION);

/** The live groups, lowest risk first, then by name (the Strategy Manager's order), so the breakdown's order never depends on when a group was made. */
export async function liveGroups(tx: ProjectionContext): Promise<StrategyGroupInput[]> {
  return (await catalog(tx).get(CATALOG_ID))?.groups ?? [];
}

async function change(tx: ProjectionContext, edit: (groups: GroupDoc[]) => GroupDoc[]): Promise<void> {
  const groups = edit((await catalog(tx).get(CATALOG_ID))?.groups ?? []);
  groups.sort((a, b) => a.riskTenths - b.riskTenths || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id < b.id ? -1 : 1));
  await catalog(tx).upsert({ id: CATALOG_ID, groups });
}

const groupOf = (e: Omit<StrategyGroupCreated, 'createdAt'>): GroupDoc => ({
  id: e.strategyId,
  name: e.name,
  displayName: e.displayName,
  description: e.description,
  color: e.color,
  // Risk weights are tenths (0, 0.1, ..., 1), kept as a whole number as the strategies read model does.
  riskTenths: Math.round(e.riskWeight * 10),
  tokenSymbols: e.tokenSymbols.map((symbol) => symbol.toUpperCase()),
});

/** The strategy group events the copy follows; spread into the projection's `on`. */
export const strategyGroupCopy = {
  StrategyGroupCreated: ({ data }, tx) => change(tx, (groups) => [...groups.filter((g) => g.id !== data.strategyId), groupOf(data)]),
  StrategyGroupUpdated: ({ data }, tx) => change(tx, (groups) => [...groups.filter((g) => g.id !== data.strategyId), groupOf(data)]),
  StrategyGroupDeleted: ({ data }, tx) => change(tx, (groups) => groups.filter((g) => g.id !== data.strategyId)),
} satisfies ProjectionHandlers;

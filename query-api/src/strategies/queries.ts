import { STRATEGIES_COLLECTION, type StrategyGroupDto, type StrategyGroupListItem, type StrategyReadModel } from '@concierge/contracts';
import type { ReadStore } from '@concierge/platform/read-store/port';

export function toStrategyDto(doc: StrategyReadModel): StrategyGroupDto {
  return {
    _id: doc.id,
    id: doc.id,
    name: doc.name,
    displayName: doc.displayName,
    description: doc.description,
    color: doc.color,
    riskLevel: doc.riskLevel,
    riskWeight: doc.riskTenths / 10,
    tokenSymbols: doc.tokenSymbols,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/**
 * GET /strategies and /strategies/public: every live group by risk weight, lowest first, then by
 * name, each with the symbols `knownSymbols` (the chain's token registry) lacks; without a registry
 * (a chain no registry covers) no symbol is called unknown.
 */
export async function listStrategies(readStore: ReadStore, knownSymbols?: ReadonlySet<string>): Promise<StrategyGroupListItem[]> {
  const docs = await readStore.collection<StrategyReadModel>(STRATEGIES_COLLECTION).find({
    sort: [
      { field: 'riskTenths', direction: 'asc' },
      { field: 'name', direction: 'asc' },
    ],
  });
  return docs.map((doc) => ({ ...toStrategyDto(doc), unknownSymbols: knownSymbols ? doc.tokenSymbols.filter((symbol) => !knownSymbols.has(symbol)) : [] }));
}

import { STRATEGIES_COLLECTION, type StrategyGroupDto, type StrategyReadModel } from '@concierge/contracts';
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

/** GET /strategies and /strategies/public: every live group by risk weight, lowest first, then by name. */
export async function listStrategies(readStore: ReadStore): Promise<StrategyGroupDto[]> {
  const docs = await readStore.collection<StrategyReadModel>(STRATEGIES_COLLECTION).find({
    sort: [
      { field: 'riskTenths', direction: 'asc' },
      { field: 'name', direction: 'asc' },
    ],
  });
  return docs.map(toStrategyDto);
}

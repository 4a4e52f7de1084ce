import { STRATEGIES_COLLECTION, type StrategyGroupCreated, type StrategyReadModel } from '@concierge/contracts';
import { instant } from '../deposits/members.js';
import { defineProjection, type ProjectionContext } from '../runtime/projection.js';

export { STRATEGIES_COLLECTION };

const strategies = (tx: ProjectionContext) => tx.collection<StrategyReadModel>(STRATEGIES_COLLECTION);

type GroupFields = Omit<StrategyGroupCreated, 'createdAt'>;

const fieldsOf = (e: GroupFields) => ({
  name: e.name,
  displayName: e.displayName,
  description: e.description,
  color: e.color,
  riskLevel: e.riskLevel,
  // Risk weights are tenths (0, 0.1, ..., 1): kept as a whole number so order and equality are exact.
  riskTenths: Math.round(e.riskWeight * 10),
  tokenSymbols: [...e.tokenSymbols],
});

/** One document per live strategy group; a deleted group's document goes. */
export const strategiesProjection = defineProjection({
  name: 'strategies',
  readModels: [STRATEGIES_COLLECTION],
  on: {
    async StrategyGroupCreated({ data: e }, tx) {
      const at = instant(e.createdAt);
      await strategies(tx).upsert({ id: e.strategyId, ...fieldsOf(e), createdAt: at, updatedAt: at });
    },
    async StrategyGroupUpdated({ data: e }, tx) {
      await strategies(tx).update(e.strategyId, { ...fieldsOf(e), updatedAt: instant(e.updatedAt) });
    },
    async StrategyGroupDeleted({ data: e }, tx) {
      await strategies(tx).delete(e.strategyId);
    },
  },
});

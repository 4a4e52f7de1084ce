import type { RiskLevel } from './fields.js';

/** Collection of the strategies read model, written by the workers' strategies projection. */
export const STRATEGIES_COLLECTION = 'strategies';

/** A live strategy group (a deleted one has no document). */
export type StrategyReadModel = {
  id: string;
  name: string;
  displayName: string;
  description: string;
  color: string;
  riskLevel: RiskLevel;
  /** Tenths from 0 to 10 (0.1 steps of the risk weight), so sorting and comparing stay exact. */
  riskTenths: number;
  tokenSymbols: string[];
  createdAt: string;
  updatedAt: string;
};

import { z } from 'zod';
import { EntityId, Instant } from '../shared/fields.js';
import { HEX_COLOUR, RiskLevel, RiskWeightValue } from './fields.js';

const strategyState = {
  strategyId: EntityId,
  name: z.string().min(1),
  displayName: z.string(),
  description: z.string(),
  color: z.string().regex(HEX_COLOUR),
  riskLevel: RiskLevel,
  riskWeight: RiskWeightValue,
  /** Upper-cased, unique, each listed by this group only (claimed in `strategyToken-<SYMBOL>`). */
  tokenSymbols: z.array(z.string().min(1)).min(1),
};

/** Stream `strategy-<strategyId>`: one strategy group (a risk-weighted token list that classifies holdings). */
export const StrategyGroupCreated = z.object({ ...strategyState, createdAt: Instant });
/** The group's new full state after an edit. */
export const StrategyGroupUpdated = z.object({ ...strategyState, updatedAt: Instant });
export const StrategyGroupDeleted = z.object({ strategyId: EntityId, deletedAt: Instant });

export const strategyGroupEvents = { StrategyGroupCreated, StrategyGroupUpdated, StrategyGroupDeleted } as const;

export type StrategyGroupCreated = z.infer<typeof StrategyGroupCreated>;
export type StrategyGroupUpdated = z.infer<typeof StrategyGroupUpdated>;
export type StrategyGroupDeleted = z.infer<typeof StrategyGroupDeleted>;

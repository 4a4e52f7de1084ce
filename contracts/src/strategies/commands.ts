import { z } from 'zod';
import { defineCommand } from '../shared/command.js';
import { EntityId } from '../shared/fields.js';
import { HEX_COLOUR, RiskLevel, RiskWeightValue } from './fields.js';

const strategyData = {
  strategyId: EntityId,
  name: z.string().min(1),
  displayName: z.string(),
  description: z.string(),
  color: z.string().regex(HEX_COLOUR),
  riskLevel: RiskLevel,
  riskWeight: RiskWeightValue,
  tokenSymbols: z.array(z.string().min(1)).min(1),
};

export const CreateStrategyGroup = defineCommand('CreateStrategyGroup', strategyData);
/** Replace the group's fields (PUT semantics). */
export const UpdateStrategyGroup = defineCommand('UpdateStrategyGroup', strategyData);
export const DeleteStrategyGroup = defineCommand('DeleteStrategyGroup', { strategyId: EntityId });

export const strategyGroupCommands = { CreateStrategyGroup, UpdateStrategyGroup, DeleteStrategyGroup } as const;

export type CreateStrategyGroup = z.infer<typeof CreateStrategyGroup>;
export type UpdateStrategyGroup = z.infer<typeof UpdateStrategyGroup>;
export type DeleteStrategyGroup = z.infer<typeof DeleteStrategyGroup>;
export type StrategyGroupCommand = z.infer<(typeof strategyGroupCommands)[keyof typeof strategyGroupCommands]>;

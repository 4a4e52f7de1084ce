import { z } from 'zod';
import { jsonBody, optionalText, requiredText } from '../shared/fields.js';
import { CommandAccepted } from '../shared/problem.js';
import { RiskWeight, TokenSymbols } from './fields.js';

/** POST /strategies and PUT /strategies/:id (a PUT replaces every field). */
export const SaveStrategyRequest = jsonBody({
  name: requiredText('Name', 100),
  displayName: optionalText('Display name', 100),
  description: optionalText('Description', 1000),
  color: optionalText('Colour', 32),
  riskLevel: optionalText('Risk level', 32),
  riskWeight: RiskWeight,
  tokenSymbols: TokenSymbols,
});
export type SaveStrategyRequest = z.infer<typeof SaveStrategyRequest>;

/** A strategy group as the API shows it. */
export const StrategyGroupDto = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  color: z.string(),
  riskLevel: z.string(),
  riskWeight: z.number(),
  tokenSymbols: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StrategyGroupDto = z.infer<typeof StrategyGroupDto>;

/** Strategy groups sorted by riskWeight, lowest first, then by name. */
export const StrategyGroupListResponse = z.array(StrategyGroupDto);

/** The saved group, so the SPA can update its table at once. */
export const StrategySavedResponse = CommandAccepted.extend({ message: z.string(), strategy: StrategyGroupDto });
export type StrategySavedResponse = z.infer<typeof StrategySavedResponse>;

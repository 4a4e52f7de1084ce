import { z } from 'zod';
import { jsonBody, optionalText, requiredText } from '../shared/fields.js';
import { CommandAccepted } from '../shared/problem.js';
import { ColourInput, RISK_LEVEL_COLOURS, RiskLevel, RiskLevelInput, riskLevelForWeight, RiskWeight, TokenSymbols } from './fields.js';

/** The form's fields; a risk level and colour left out follow from the risk weight. */
export const SaveStrategyFields = jsonBody({
  name: requiredText('Name', 100),
  displayName: optionalText('Display name', 100),
  description: optionalText('Description', 1000),
  color: ColourInput,
  riskLevel: RiskLevelInput,
  riskWeight: RiskWeight,
  tokenSymbols: TokenSymbols,
});

/** POST /strategies and PUT /strategies/:id (a PUT replaces every field). */
export const SaveStrategyRequest = SaveStrategyFields.transform((body) => {
  const riskLevel = body.riskLevel ?? riskLevelForWeight(body.riskWeight);
  return { ...body, riskLevel, color: body.color ?? RISK_LEVEL_COLOURS[riskLevel] };
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
  riskLevel: RiskLevel,
  riskWeight: z.number(),
  tokenSymbols: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StrategyGroupDto = z.infer<typeof StrategyGroupDto>;

/**
 * Strategy groups sorted by riskWeight, lowest first, then by name; `unknownSymbols` lists the
 * group's symbols the chain's token registry does not have (kept, but no holding of them is valued).
 */
export const StrategyGroupListResponse = z.array(StrategyGroupDto.extend({ unknownSymbols: z.array(z.string()) }));
export type StrategyGroupListItem = z.infer<typeof StrategyGroupListResponse>[number];

export const STRATEGY_SAVED_MESSAGE = 'Strategy group created or updated successfully.';
export const STRATEGY_DELETED_MESSAGE = 'Strategy group deleted successfully.';
/** Toast for an invalid strategy form. */
export const STRATEGY_FORM_INVALID = 'Please fill out the form correctly.';

/** The saved group, so the SPA can update its table at once. */
export const StrategySavedResponse = CommandAccepted.extend({ message: z.string(), strategy: StrategyGroupDto });
export type StrategySavedResponse = z.infer<typeof StrategySavedResponse>;

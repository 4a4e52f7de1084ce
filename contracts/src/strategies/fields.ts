import { z } from 'zod';
import { formatScaledDecimal, parseScaledDecimal } from '../shared/decimal.js';

const isMissing = (input: unknown): boolean => input === undefined || input === null;

/** How a strategy group's risk is described; the portfolio colours it (conservative green, moderate yellow, aggressive red). */
export const RiskLevel = z.enum(['conservative', 'moderate', 'aggressive']);
export type RiskLevel = z.infer<typeof RiskLevel>;
export const RISK_LEVELS = RiskLevel.options;

const RISK_LEVEL_INVALID = 'Risk level must be conservative, moderate or aggressive';

/** Risk level input: one of the three, any letter case; absent or blank leaves it to the risk weight. */
export const RiskLevelInput = z
  .string({ error: RISK_LEVEL_INVALID })
  .trim()
  .toLowerCase()
  .nullish()
  .transform((text) => (text ? text : undefined))
  .refine((text) => text === undefined || (RISK_LEVELS as readonly string[]).includes(text), { error: RISK_LEVEL_INVALID })
  .transform((text) => text as RiskLevel | undefined);

/** The level a weight reads as when none is given: up to 0.3 conservative, up to 0.6 moderate, above aggressive. */
export function riskLevelForWeight(riskWeight: number): RiskLevel {
  if (riskWeight <= 0.3) return 'conservative';
  return riskWeight <= 0.6 ? 'moderate' : 'aggressive';
}

/** A group's colour when none is given: its risk level's (conservative green, moderate yellow, aggressive red). */
export const RISK_LEVEL_COLOURS: Readonly<Record<RiskLevel, string>> = { conservative: '#22C55E', moderate: '#EAB308', aggressive: '#EF4444' };

/** A CSS hex colour such as #22C55E (3 or 6 digits), stored upper-cased with its #. */
export const HEX_COLOUR = /^#(?:[0-9A-F]{3}|[0-9A-F]{6})$/;
/** Colour input: a hex colour, any letter case; absent or blank leaves it to the risk level. */
export const ColourInput = z
  .string({ error: 'Colour must be text' })
  .trim()
  .toUpperCase()
  .nullish()
  .transform((text) => (text ? text : undefined))
  .refine((text) => text === undefined || HEX_COLOUR.test(text), { error: 'Colour must be a hex colour such as #22C55E' });

const RISK_WEIGHT_REQUIRED = 'Risk weight is required';
const RISK_WEIGHT_INVALID = 'Risk weight must be a number from 0 to 1 in steps of 0.1';

/** Risk weight input: a number or text from 0 to 1 in steps of 0.1 (read exactly, so 0.30000000000000004 is refused). */
export const RiskWeight = z
  .union([z.number(), z.string()], { error: (issue) => (isMissing(issue.input) ? RISK_WEIGHT_REQUIRED : RISK_WEIGHT_INVALID) })
  .transform((input, ctx) => {
    const text = typeof input === 'number' ? String(input) : input.trim();
    if (text === '') {
      ctx.issues.push({ code: 'custom', message: RISK_WEIGHT_REQUIRED, input });
      return z.NEVER;
    }
    const tenths = parseScaledDecimal(text, 1);
    if (!tenths.ok || tenths.scaled > 10n) {
      ctx.issues.push({ code: 'custom', message: RISK_WEIGHT_INVALID, input });
      return z.NEVER;
    }
    return Number(formatScaledDecimal(tenths.scaled, 1));
  });

/** A risk weight in events: one of 0, 0.1, ..., 1. */
export const RiskWeightValue = z
  .number()
  .refine((value) => /^(0(\.\d)?|1)$/.test(String(value)), { error: 'Expected a risk weight from 0 to 1 in steps of 0.1' });

const SYMBOLS_REQUIRED = 'Token symbols are required';
const SYMBOL_PATTERN = /^[A-Z0-9._-]{1,20}$/;

/**
 * Token symbols: a list, or text typed comma-separated. Entries are trimmed, upper-cased,
 * blanks dropped and duplicates removed; at least one must remain.
 */
export const TokenSymbols = z
  .union([z.string(), z.array(z.string({ error: 'Each token symbol must be text' }))], {
    error: (issue) => (isMissing(issue.input) ? SYMBOLS_REQUIRED : 'Token symbols must be a list or comma-separated text'),
  })
  .transform((input, ctx) => {
    const parts = typeof input === 'string' ? input.split(',') : input.flatMap((entry) => entry.split(','));
    const symbols = [...new Set(parts.map((part) => part.trim().toUpperCase()).filter((part) => part !== ''))];
    if (symbols.length === 0) {
      ctx.issues.push({ code: 'custom', message: SYMBOLS_REQUIRED, input });
      return z.NEVER;
    }
    const bad = symbols.find((symbol) => !SYMBOL_PATTERN.test(symbol));
    if (bad !== undefined) {
      ctx.issues.push({
        code: 'custom',
        message: `Token symbol ${bad} is not valid: use up to 20 letters, digits, dots, dashes or underscores`,
        input,
      });
      return z.NEVER;
    }
    if (symbols.length > 100) {
      ctx.issues.push({ code: 'custom', message: 'A strategy group can list at most 100 token symbols', input });
      return z.NEVER;
    }
    return symbols;
  });

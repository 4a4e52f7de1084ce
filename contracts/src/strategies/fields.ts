import { z } from 'zod';
import { formatScaledDecimal, parseScaledDecimal } from '../shared/decimal.js';

const isMissing = (input: unknown): boolean => input === undefined || input === null;

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

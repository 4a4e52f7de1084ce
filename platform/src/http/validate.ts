import type { z } from 'zod';
import { ValidationError } from '../errors.js';

/** Parses input with a contracts schema; failures become a 400 listing each field's message. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const seen = new Set<string>();
  const issues = [];
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    if (seen.has(field)) continue; // the first message per field is the one a person should fix first
    seen.add(field);
    // A body that is not an object at all gets one plain sentence instead of zod's type jargon.
    const message = issue.path.length === 0 && issue.code === 'invalid_type' ? 'The request must be a JSON object.' : issue.message;
    issues.push({ field, message });
  }
  throw new ValidationError(issues);
}

/** ES2024's string methods (Node 20 has them), typed here because the project's lib is ES2023. */
type Es2024String = string & { isWellFormed(): boolean; toWellFormed(): string };
const isWellFormed = (text: string): boolean => (text as Es2024String).isWellFormed();

const MAX_DEPTH = 64;

/**
 * The path (`a.b.0`) of the first string or object key that is not well-formed UTF-16 (a lone
 * surrogate, which JSON's `\ud800` escape can carry but no store can hold); undefined when all are.
 */
export function findIllFormedText(value: unknown, path: readonly string[] = []): string[] | undefined {
  if (typeof value === 'string') return isWellFormed(value) ? undefined : [...path];
  if (value === null || typeof value !== 'object' || path.length > MAX_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (!isWellFormed(key)) return [...path, (key as Es2024String).toWellFormed()];
    const found = findIllFormedText(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** Refuses a request part holding ill-formed text with a 400 naming the field a person should retype. */
export function assertWellFormedText(part: unknown): void {
  const path = findIllFormedText(part);
  if (!path) return;
  const field = path.join('.') || 'body';
  const message = `The field ${field} contains a broken character (half of an emoji or symbol, often left by copy and paste). Please retype it.`;
  throw new ValidationError([{ field, message }]);
}

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

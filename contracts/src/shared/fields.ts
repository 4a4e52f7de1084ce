import { z, type ZodRawShape } from 'zod';

/**
 * Building blocks for request schemas. Every one of them answers a wrong JSON type with a
 * sentence a person can act on, never a crash or a bare "Invalid input".
 */

const isMissing = (input: unknown): boolean => input === undefined || input === null;
const blankToUndefined = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A required, trimmed, non-blank text: "<label> is required". */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .max(max, { error: `${label} must be at most ${max} characters` });
}

/** An optional trimmed text; absent, null or blank becomes ''. */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((value) => value ?? '');
}

/** An optional field where a blank string (e.g. an empty query parameter or form field) counts as absent. */
export function blankAsAbsent<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToUndefined, schema.optional());
}

/** A request body: a JSON object with these fields (unknown fields are dropped). */
export function jsonBody<Shape extends ZodRawShape>(shape: Shape) {
  return z.object(shape, { error: 'The request body must be a JSON object' });
}

/** A body for commands that need no input: absent or a JSON object, whose fields are ignored. */
export const EmptyBody = z.object({}, { error: 'The request body must be a JSON object' }).optional();

/** Identifier of an aggregate or entity (UUID or legacy id). */
export const EntityId = z.string().min(1).max(64);

/** A path or body reference to an entity: non-blank text of at most 64 characters. */
export function idField(label: string) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .max(64, { error: `${label} must be at most 64 characters` });
}

/** Path parameters `{ id }`. */
export const IdParams = z.object({ id: idField('id') });
export type IdParams = z.infer<typeof IdParams>;

/** Query `page`: a whole number from 1; blank or absent means 1. */
export function pageQuery() {
  return z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'page must be a number' })
      .int({ error: 'page must be a whole number' })
      .min(1, { error: 'page must be at least 1', abort: true })
      .max(1_000_000, { error: 'page must be at most 1000000' })
      .default(1),
  );
}

const limitNumber = (max: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1', abort: true })
    .max(max, { error: `limit must be at most ${max}` });

/** Query `limit`: a whole number from 1 to `max`; blank or absent means `fallback`. */
export function limitQuery(fallback: number, max = 100) {
  return z.preprocess(blankToUndefined, limitNumber(max).default(fallback));
}

/** Query `limit` whose default depends on other parameters: blank or absent stays undefined. */
export function optionalLimitQuery(max = 100) {
  return z.preprocess(blankToUndefined, limitNumber(max).optional());
}

/** Query `offset`: a whole number from 0; blank or absent means 0. */
export function offsetQuery() {
  return z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'offset must be a number' })
      .int({ error: 'offset must be a whole number' })
      .min(0, { error: 'offset must not be negative' })
      .max(10_000_000, { error: 'offset must be at most 10000000' })
      .default(0),
  );
}

/** Query `search`: trimmed free text; blank or absent means no search. */
export const SearchQuery = z.preprocess(
  blankToUndefined,
  z.string({ error: 'search must be text' }).trim().max(200, { error: 'search must be at most 200 characters' }).optional(),
);

/** A query status filter: one of `values`, where blank, absent or `all` means every status. */
export function statusFilter<const T extends readonly [string, ...string[]]>(values: T) {
  const allowed = `status must be one of: ${values.join(', ')} (or empty for all)`;
  return z.preprocess(
    (value) => (value === 'all' ? undefined : blankToUndefined(value)),
    z.enum(values, { error: allowed }).optional(),
  );
}

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A date and time typed by a person: ISO 8601 (`2024-05-01T10:30:00Z`, `2024-05-01T10:30`,
 * `2024-05-01`). Without an offset it is read as UTC. Output: the instant as `toISOString()`.
 */
export function dateTimeInput(label: string) {
  const message = `${label} must be a date and time such as 2024-05-01T10:30:00Z`;
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? `${label} is required` : message) })
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .transform((text, ctx) => {
      const match = ISO_DATE_TIME.exec(text);
      const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone = 'Z'] = match ?? [];
      const offset = zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
      const canonical = `${y}-${mo}-${d}T${h}:${mi}:${s}.${frac.padEnd(3, '0').slice(0, 3)}${offset}`;
      const instant = new Date(canonical);
      // Date rolls 2024-02-30 over to March 1st: compare the calendar fields to refuse it.
      const calendar = new Date(`${y}-${mo}-${d}T00:00:00Z`);
      const sameDay = calendar.getUTCDate() === Number(d) && calendar.getUTCMonth() + 1 === Number(mo);
      if (!match || Number.isNaN(instant.getTime()) || !sameDay || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
        ctx.issues.push({ code: 'custom', message, input: text });
        return z.NEVER;
      }
      return instant.toISOString();
    });
}

/** An instant in event payloads: ISO 8601 in UTC, as `Date.prototype.toISOString()` writes it. */
export const Instant = z.iso.datetime();

import { z } from 'zod';

/** The rule of a request id (X-Request-Id): letters, digits and `_ . : -`, at most 128 characters. */
export const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;

/**
 * The correlation id a job was started with: the X-Request-Id of the request whose command started
 * it (or the correlation id of the event a reactor started it from). Job data carries it beside its
 * own fields; the worker logs it on the job's lines, and events the job appends take it as their
 * correlation id.
 */
export const JobCorrelationId = z.string().regex(REQUEST_ID_PATTERN);

/** The correlation id in a job's data, if it carries a well-formed one. */
export function jobCorrelationOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('correlationId' in data)) return undefined;
  const parsed = JobCorrelationId.safeParse(data.correlationId);
  return parsed.success ? parsed.data : undefined;
}

import { TOTAL_COUNT_HEADER } from '@concierge/contracts';
import { reply, type Reply } from '@concierge/platform/http/handlers';

/** A list whose body is a bare array, with its exact total in X-Total-Count (routes with `totalCountHeader`). */
export function withTotalCount<T>(items: T, total: number): Reply<T> {
  return reply.body(items, { [TOTAL_COUNT_HEADER]: String(total) });
}

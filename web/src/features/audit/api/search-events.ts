import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEventsResponse } from '@concierge/contracts/audit/dto';
import * as auditRoutes from '@concierge/contracts/audit/routes';
import { api, ApiError } from '../../../lib/api-client';
import { auditKeys, type EventSearchParams } from './query-keys';

/** GET /audit/events: events of every stream in global order, filtered, with the exact total. */
export function searchEvents(params: EventSearchParams): Promise<AuditEventsResponse> {
  return api(auditRoutes.readAll, { query: { ...params } });
}

export function eventSearchQueryOptions(params: EventSearchParams) {
  return queryOptions({
    queryKey: auditKeys.events(params),
    queryFn: () => searchEvents(params),
    // A refused filter (400) says why at once; asking again would not change the answer.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}

export function useEventSearch(params: EventSearchParams) {
  return useQuery({ ...eventSearchQueryOptions(params), placeholderData: keepPreviousData });
}

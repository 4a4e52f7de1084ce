import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditStreamsResponse } from '@concierge/contracts/audit/dto';
import * as auditRoutes from '@concierge/contracts/audit/routes';
import { api } from '../../../lib/api-client';
import { auditKeys, type StreamListParams } from './query-keys';

/** GET /audit/streams: one page of streams, newest activity first, with exact totals and every category's count. */
export function getStreams(params: StreamListParams): Promise<AuditStreamsResponse> {
  return api(auditRoutes.listStreams, { query: { ...params } });
}

export function streamsQueryOptions(params: StreamListParams) {
  return queryOptions({ queryKey: auditKeys.streams(params), queryFn: () => getStreams(params) });
}

/** Keeps the previous page on screen while the next one loads. */
export function useStreams(params: StreamListParams) {
  return useQuery({ ...streamsQueryOptions(params), placeholderData: keepPreviousData });
}

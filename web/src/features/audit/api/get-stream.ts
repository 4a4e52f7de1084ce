import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditStreamResponse } from '@concierge/contracts/audit/dto';
import * as auditRoutes from '@concierge/contracts/audit/routes';
import { api, ApiError } from '../../../lib/api-client';
import { auditKeys, type StreamPageParams } from './query-keys';

/** GET /audit/streams/:streamId: events of one stream from a revision on, read from the event store itself. */
export function getStream({ streamId, fromRevision, limit }: StreamPageParams): Promise<AuditStreamResponse> {
  return api(auditRoutes.readStream, { params: { streamId }, query: { fromRevision, limit } });
}

export function streamQueryOptions(params: StreamPageParams) {
  return queryOptions({
    queryKey: auditKeys.stream(params),
    queryFn: () => getStream(params),
    // A malformed stream name stays malformed: only server or network failures are retried.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}

export function useStream(params: StreamPageParams) {
  return useQuery({ ...streamQueryOptions(params), placeholderData: keepPreviousData });
}

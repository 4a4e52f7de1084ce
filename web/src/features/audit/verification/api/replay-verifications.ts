import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReplayVerificationAccepted, ReplayVerificationReport } from '@concierge/contracts/audit/replay-verify';
import * as auditRoutes from '@concierge/contracts/audit/routes';
import { api, ApiError } from '../../../../lib/api-client';

/** Replay-verify's query keys, under 'audit' like the auditors' other reads. */
export const replayVerifyKeys = {
  all: ['audit', 'replay-verifications'] as const,
  latest: () => [...replayVerifyKeys.all, 'latest'] as const,
};

/** How often a verification still queued or running is asked about again. */
export const REPLAY_POLL_MS = 2000;

const inProgress = (report: ReplayVerificationReport | null | undefined) => report?.status === 'queued' || report?.status === 'running';

/** GET /audit/replay-verifications/latest; null when none was ever run (the route's 404). */
export async function getLatestReplayVerification(): Promise<ReplayVerificationReport | null> {
  try {
    return await api<ReplayVerificationReport>(auditRoutes.latestReplayVerification);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function latestReplayVerificationQueryOptions() {
  return queryOptions({ queryKey: replayVerifyKeys.latest(), queryFn: getLatestReplayVerification });
}

/** The latest report, asked again every REPLAY_POLL_MS while it is queued or running. */
export function useLatestReplayVerification() {
  return useQuery({ ...latestReplayVerificationQueryOptions(), refetchInterval: (query) => (inProgress(query.state.data) ? REPLAY_POLL_MS : false) });
}

/** POST /audit/replay-verifications: 202 with the verification queued (or the one already under way). */
export function startReplayVerification(): Promise<ReplayVerificationAccepted> {
  return api<ReplayVerificationAccepted>(auditRoutes.startReplayVerification, { body: {} });
}

export function useStartReplayVerification() {
  const client = useQueryClient();
  return useMutation({ mutationFn: startReplayVerification, onSuccess: () => client.invalidateQueries({ queryKey: replayVerifyKeys.all }) });
}

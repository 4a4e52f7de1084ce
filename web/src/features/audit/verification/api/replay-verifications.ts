import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReplayVerificationAccepted, ReplayVerificationReport } from '@concierge/contracts/audit/replay-verify';
import * as auditRoutes from '@concierge/contracts/audit/routes';
import { api, ApiError } from '../../../../lib/api-client';

/** Replay-verify's query keys, under 'audit' like the auditors' other reads. */
export const replayVerifyKeys = {
  all: ['audit', 'replay-verifications'] as const,
  latest: () => [...replayVerifyKeys.all, 'latest'] as const,
};

/**
 * How often the overview is asked whether a queued or running verification has finished: a full
 * run takes minutes, and the answer only says when to read the report (one recorded read).
 */
export const REPLAY_POLL_MS = 5000;

/** A verification not finished yet. */
export const inProgress = (report: { status: string } | null | undefined) => report?.status === 'queued' || report?.status === 'running';

/** GET /audit/replay-verifications/latest; null when none was ever run (the route's 404). */
export async function getLatestReplayVerification(): Promise<ReplayVerificationReport | null> {
  try {
    return await api(auditRoutes.latestReplayVerification);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function latestReplayVerificationQueryOptions() {
  return queryOptions({ queryKey: replayVerifyKeys.latest(), queryFn: getLatestReplayVerification });
}

/**
 * The latest report. It names documents and their values, so each read of it is recorded as an
 * audit read: it is read again only when the overview (polled, unrecorded) says the run finished.
 */
export function useLatestReplayVerification() {
  return useQuery(latestReplayVerificationQueryOptions());
}

/** POST /audit/replay-verifications: 202 with the verification queued (or the one already under way). */
export function startReplayVerification(): Promise<ReplayVerificationAccepted> {
  return api(auditRoutes.startReplayVerification, { body: {} });
}

export function useStartReplayVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startReplayVerification,
    // The overview's summary too: an old one would look like a newer run than the one just started.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: replayVerifyKeys.all }), client.invalidateQueries({ queryKey: ['audit', 'verification'] })]),
  });
}

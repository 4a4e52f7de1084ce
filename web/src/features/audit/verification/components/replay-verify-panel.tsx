import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { useVerificationOverview } from '../api/overview';
import { inProgress, REPLAY_POLL_MS, replayVerifyKeys, useLatestReplayVerification, useStartReplayVerification } from '../api/replay-verifications';
import { ReplayReport } from './replay-report';

export const STARTED_MESSAGE = 'Replay-verify started: every read model is being rebuilt from the events and compared.';
const START_FAILED = 'Replay-verify could not be started.';

/** The verification panel's replay-verify section: the last run's report, and a button to run one. */
export function ReplayVerifyPanel() {
  const { enqueueSnackbar } = useSnackbar();
  const latest = useLatestReplayVerification();
  const start = useStartReplayVerification();
  const report = latest.data;
  const underWay = inProgress(report);
  // While a run is under way the overview (not recorded as an audit read) is polled; the report
  // itself is read again once the overview says this run finished or a newer one was started.
  const summary = useVerificationOverview(underWay ? REPLAY_POLL_MS : undefined).data?.replay;
  const client = useQueryClient();
  const moved = !!summary && !!report && (summary.id === report.id ? summary.status !== report.status : summary.requestedAt > report.requestedAt);
  useEffect(() => {
    if (underWay && moved) void client.invalidateQueries({ queryKey: replayVerifyKeys.latest() });
  }, [underWay, moved, client]);
  const run = () =>
    start.mutate(undefined, {
      onSuccess: () => enqueueSnackbar(STARTED_MESSAGE, { variant: 'success' }),
      onError: (error) => enqueueSnackbar(errorMessage(error, START_FAILED), { variant: 'error' }),
    });
  return (
    <Paper variant="outlined" component="section" aria-label="Replay-verify" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            Replay-verify
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Rebuilds every read model from the event store into a scratch store and compares it with the live one, document by document.
          </Typography>
        </Box>
        <Button variant="contained" onClick={run} disabled={start.isPending || underWay}>
          {underWay ? 'Running…' : 'Run replay-verify'}
        </Button>
      </Box>
      {latest.isError && <Alert severity="error">{latest.error.message}</Alert>}
      {latest.isSuccess && report === null && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No replay-verification has been run yet.
        </Typography>
      )}
      {report && <ReplayReport report={report} />}
    </Paper>
  );
}

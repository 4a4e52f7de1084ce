import CameraAltOutlined from '@mui/icons-material/CameraAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../../../lib/api-client';
import { useCreateSnapshot } from '../api/create-snapshot';

const REQUESTED = 'Snapshot requested.';
const FAILED = 'Failed to create snapshot.';

/** User Details' Portfolio section: Create Snapshot values the member's holdings now. */
export function CreateSnapshot({ userId }: { userId: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const snapshot = useCreateSnapshot(userId);
  const create = () =>
    snapshot.mutate(undefined, {
      onSuccess: (accepted) => enqueueSnackbar(accepted.message || REQUESTED, { variant: 'success' }),
      onError: (error) => enqueueSnackbar(errorMessage(error, FAILED), { variant: 'error' }),
    });
  return (
    <Paper variant="outlined" component="section" aria-label="Portfolio" sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            Portfolio
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            A snapshot values the member&apos;s holdings now, besides the scheduled ones.
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<CameraAltOutlined />} onClick={create} disabled={snapshot.isPending}>
          {snapshot.isPending ? 'Creating…' : 'Create Snapshot'}
        </Button>
      </Box>
    </Paper>
  );
}

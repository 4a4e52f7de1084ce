import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ChainStatusPanel } from '../../../features/audit/verification/components/chain-status-panel';
import { ReplayVerifyPanel } from '../../../features/audit/verification/components/replay-verify-panel';
import { TailCheckPanel } from '../../../features/audit/verification/components/tail-check-panel';

/** /audit/verification: the hash chains' status with the last signed checkpoint, the tail check since it, and replay-verify. */
export default function VerificationPage() {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Verification
      </Typography>
      <ChainStatusPanel />
      <TailCheckPanel />
      <ReplayVerifyPanel />
    </Box>
  );
}

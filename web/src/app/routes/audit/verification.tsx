import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ReplayVerifyPanel } from '../../../features/audit/verification/components/replay-verify-panel';

/** /audit/verification: replay-verify today; the chain status and the last signed checkpoint join it here. */
export default function VerificationPage() {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Verification
      </Typography>
      <ReplayVerifyPanel />
    </Box>
  );
}

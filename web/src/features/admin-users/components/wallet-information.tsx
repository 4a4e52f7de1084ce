import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { errorMessage } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format';
import { walletKeys } from '../../../lib/admin-money/query-keys';
import { usePrivateKey } from '../api/get-private-key';
import { useUserWallet } from '../api/get-user-wallet';
import { useCopyValue } from './copy-value';

const LOAD_FAILED = 'Failed to load wallet information';

/** A long value (address, key) that wraps anywhere on a phone, with its copy button. */
function CopyableValue({ label, value, copyLabel, copiedMessage }: { label: string; value: string; copyLabel: string; copiedMessage: string }) {
  const copy = useCopyValue();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Typography aria-label={label} variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 0 }}>
        {value}
      </Typography>
      <Tooltip title={copyLabel}>
        <IconButton size="small" aria-label={copyLabel} onClick={() => void copy(value, copiedMessage)}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/** Mounted only while Show Private Key is ticked: mounting is the one audited fetch. */
function PrivateKey({ userId }: { userId: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const key = usePrivateKey(userId);
  useEffect(() => {
    if (key.error) enqueueSnackbar(errorMessage(key.error, LOAD_FAILED), { variant: 'error' });
  }, [key.error, enqueueSnackbar]);

  if (key.isPending) return <CircularProgress size={20} aria-label="Loading private key" />;
  if (key.isError) return <Typography variant="body2" color="error">{errorMessage(key.error, LOAD_FAILED)}</Typography>;
  return (
    <CopyableValue label="Private key" value={key.data.privateKey} copyLabel="Copy private key" copiedMessage="Private key copied to clipboard" />
  );
}

/** Wallet Information: the member's deposit address and, behind a checkbox, its private key. */
export function WalletInformation({ userId }: { userId: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const wallet = useUserWallet(userId);
  const [showKey, setShowKey] = useState(false);

  useEffect(() => {
    if (wallet.error) enqueueSnackbar(errorMessage(wallet.error, LOAD_FAILED), { variant: 'error' });
  }, [wallet.error, enqueueSnackbar]);

  const toggleKey = (checked: boolean) => {
    setShowKey(checked);
    // Hidden means forgotten: nothing of the key stays in memory once unticked.
    if (!checked) queryClient.removeQueries({ queryKey: walletKeys.privateKey(userId), exact: true });
  };

  const address = wallet.data?.address ?? null;
  return (
    <Paper variant="outlined" component="section" aria-label="Wallet Information" sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2">
        Wallet Information
      </Typography>
      {wallet.isPending ? (
        <Skeleton width="60%" />
      ) : wallet.isError ? (
        <Typography variant="body2" color="error">
          {LOAD_FAILED}
        </Typography>
      ) : (
        <>
          <Box>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              Wallet Address
            </Typography>
            {address === null ? (
              <Typography variant="body2">No deposit address assigned yet.</Typography>
            ) : (
              <CopyableValue label="Wallet address" value={address} copyLabel="Copy wallet address" copiedMessage="Wallet address copied to clipboard" />
            )}
          </Box>
          <Box>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              Total Value
            </Typography>
            <Typography variant="body2">{formatAmount(wallet.data.totalValue)} USDC</Typography>
          </Box>
          <Box>
            <FormControlLabel
              control={<Checkbox checked={showKey} disabled={address === null} onChange={(event) => toggleKey(event.target.checked)} />}
              label="Show Private Key"
            />
            {showKey && address !== null && <PrivateKey userId={userId} />}
          </Box>
        </>
      )}
    </Paper>
  );
}

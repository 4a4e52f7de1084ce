import { useEffect, useState } from 'react';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { errorMessage } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format';
import { useRevealPrivateKey } from '../api/reveal-private-key';
import { useUserWallet } from '../api/get-user-wallet';
import { useCopyValue } from './copy-value';
import { RevealKeyDialog } from './reveal-key-dialog';

const LOAD_FAILED = 'Failed to load wallet information';
const REVEAL_FAILED = 'The private key could not be revealed. Please try again.';

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

/** Wallet Information: the member's deposit address and, behind a checkbox, its private key. */
export function WalletInformation({ userId }: { userId: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const wallet = useUserWallet(userId);
  const reveal = useRevealPrivateKey(userId);
  const [asking, setAsking] = useState(false);
  const [key, setKey] = useState<string | null>(null);

  useEffect(() => {
    if (wallet.error) enqueueSnackbar(errorMessage(wallet.error, LOAD_FAILED), { variant: 'error' });
  }, [wallet.error, enqueueSnackbar]);

  // Ticking asks for the password first; unticking (or cancelling) forgets the key, and the grant
  // was spent by the reveal itself, so showing it again takes a new step-up.
  const toggleKey = (checked: boolean) => {
    setKey(null);
    reveal.reset();
    setAsking(checked);
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
              control={<Checkbox checked={asking || key !== null} disabled={address === null} onChange={(event) => toggleKey(event.target.checked)} />}
              label="Show Private Key"
            />
            {key !== null && (
              <CopyableValue label="Private key" value={key} copyLabel="Copy private key" copiedMessage="Private key copied to clipboard" />
            )}
            {asking && (
              <RevealKeyDialog
                pending={reveal.isPending}
                error={reveal.error ? errorMessage(reveal.error, REVEAL_FAILED) : null}
                onCancel={() => toggleKey(false)}
                onSubmit={(input) =>
                  reveal.mutate(input, {
                    onSuccess: (revealed) => {
                      setKey(revealed.privateKey);
                      setAsking(false);
                      reveal.reset();
                    },
                  })
                }
              />
            )}
          </Box>
        </>
      )}
    </Paper>
  );
}

import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { QRCodeSVG } from 'qrcode.react';
import { copyText } from '../../../components/copy-text';

type DepositDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The member's deposit address; null while it is still being assigned. */
  address: string | null;
  /** True when the wallet info could not be loaded at all (rather than not assigned yet). */
  unavailable?: boolean;
};

/** Only USDC is accepted. */
const SUPPORTED_ASSETS = ['USDC'] as const;

/** Deposit modal: the read-only address with copy button and QR code, and what may be sent. */
export function DepositDialog({ open, onClose, address, unavailable = false }: DepositDialogProps) {
  const { enqueueSnackbar } = useSnackbar();

  const copy = async () => {
    if (address === null) return;
    const copied = await copyText(address);
    enqueueSnackbar(copied ? 'Address copied to clipboard' : 'Failed to copy address', { variant: copied ? 'success' : 'error' });
  };

  // "sm" rather than "xs": on a desktop the whole 42-character address then fits on one line.
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="deposit-dialog-title">
      <DialogTitle id="deposit-dialog-title">Deposit USDC</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {unavailable ? (
            <Alert severity="error">Your deposit address could not be loaded. Close this window and use Refresh to try again.</Alert>
          ) : address === null ? (
            // A QR code of empty data cannot be generated, so none is drawn until the address exists.
            <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2 }}>
              <CircularProgress size={24} aria-hidden />
              <Typography>Your deposit address is being prepared. It appears here in a moment.</Typography>
            </Box>
          ) : (
            <>
              <TextField
                label="Your deposit address"
                value={address}
                // Wrapped over lines so the whole address stays readable on a phone.
                multiline
                slotProps={{
                  htmlInput: { readOnly: true, style: { fontFamily: 'monospace', fontSize: '0.85rem', wordBreak: 'break-all' } },
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        <IconButton aria-label="Copy address" onClick={() => void copy()} edge="end">
                          <ContentCopyOutlined />
                        </IconButton>
                      </InputAdornment>
                    ),
                  },
                }}
              />
              <Box sx={{ display: 'flex', justifyContent: 'center' }} aria-label="Deposit address QR code" role="img">
                <QRCodeSVG value={address} size={200} level="Q" marginSize={2} />
              </Box>
            </>
          )}
          <Alert severity="warning">
            Send only the supported assets listed below to this address. Other tokens, or USDC sent on a network the platform
            does not watch, may never be credited and cannot be returned.
          </Alert>
          <Box>
            <Typography variant="subtitle2" gutterBottom>
              Supported assets
            </Typography>
            <Stack direction="row" spacing={1}>
              {SUPPORTED_ASSETS.map((asset) => (
                <Chip key={asset} label={asset} color="primary" variant="outlined" />
              ))}
            </Stack>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

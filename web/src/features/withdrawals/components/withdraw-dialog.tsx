import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { QueryKey } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { formatMicroUsdc } from '@concierge/contracts/shared/money';
import { WithdrawalAmount } from '@concierge/contracts/withdrawals/fields';
import { z } from 'zod';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format';
import { requiresWalletSetup, useRequestWithdrawal } from '../api/request-withdrawal';
import { useZodForm } from '../../../components/form/use-zod-form';

/** Where a member without a withdrawal address is sent: Settings, opened on the Wallet tab. */
export const WALLET_SETUP_PATH = '/user/settings?tab=wallet';

const WithdrawForm = z.object({ amount: WithdrawalAmount });

type WithdrawDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The available USDC (the page reads it while the dialog is open); undefined while unknown. */
  available: number | undefined;
  /** The rest of the member's money on screen, refreshed after a request. */
  alsoInvalidate: readonly QueryKey[];
};

/** Withdrawal modal: asset fixed to USDC, an amount, Submit Request and Cancel; closing resets it. */
export function WithdrawDialog({ open, onClose, available, alsoInvalidate }: WithdrawDialogProps) {
  const form = useZodForm(WithdrawForm, { amount: '' });
  const mutation = useRequestWithdrawal({ alsoInvalidate });
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();

  const close = () => {
    form.restart();
    mutation.reset();
    onClose();
  };

  const onSubmit = form.submitWith(({ amount }) => {
    // A second click while the first request runs must not send a second withdrawal.
    if (mutation.isPending) return;
    mutation.mutate(
      { amount: formatMicroUsdc(amount), asset: 'USDC' },
      {
        onSuccess: () => {
          enqueueSnackbar('Withdrawal request submitted successfully', { variant: 'success' });
          close();
        },
        onError: (error) => {
          if (requiresWalletSetup(error)) {
            enqueueSnackbar('Please set up your withdrawal wallet first', { variant: 'warning' });
            close();
            void navigate(WALLET_SETUP_PATH);
            return;
          }
          enqueueSnackbar(errorMessage(error, 'Failed to submit withdrawal request'), { variant: 'error' });
        },
      },
    );
  });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="withdraw-dialog-title">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="withdraw-dialog-title">Request a withdrawal</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField label="Asset" value="USDC" disabled helperText="Only USDC can be withdrawn." />
            <TextField
              label="Amount"
              autoFocus
              {...form.textField('amount')}
              helperText={form.shownError('amount') ?? 'Minimum 0.01 USDC, up to 6 decimals.'}
              slotProps={{
                htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                input: { endAdornment: <InputAdornment position="end">USDC</InputAdornment> },
              }}
            />
            {available !== undefined && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                Available to withdraw: {formatAmount(available)} USDC
              </Typography>
            )}
            <Alert severity="info">
              Funds are sent to the withdrawal wallet configured in Settings (your primary address). Requests are reviewed
              before they are paid out, so processing can take some time.
            </Alert>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {mutation.isPending ? 'Submitting…' : 'Submit Request'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

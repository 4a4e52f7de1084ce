import type { QueryKey } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/api-client';
import type { DepositsParams } from '../api/query-keys';
import { useAddDeposit } from '../api/add-deposit';
import { DEPOSIT_FORM_INVALID } from '@concierge/contracts/deposits/dto';
import { AddDepositForm as DepositForm } from '@concierge/contracts/deposits/forms';
import { formatMicroUsdc } from '@concierge/contracts/shared/money';
import { useZodForm } from '../../../components/form/use-zod-form';

type AddDepositFormProps = {
  userId: string;
  /** The first page of the member's deposit list, where the new deposit appears at once. */
  firstPage: DepositsParams;
  /** After a deposit is recorded (the list goes back to its first page to show it). */
  onAdded: () => void;
  /** What else shows the deposit (the page passes the member's wallet), refreshed once it is recorded. */
  alsoInvalidate: readonly QueryKey[];
};

const pad = (value: number) => String(value).padStart(2, '0');

/** `now` as a datetime-local value (local time, to the minute): the form's default timestamp. */
export function localDateTimeValue(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

const blankDraft = () => ({ transactionHash: '', timestamp: localDateTimeValue(new Date()), amountUSD: '' });

/** Add New Deposit: records a USDC deposit for the member; a transaction hash is credited only once. */
export function AddDepositForm({ userId, firstPage, onAdded, alsoInvalidate }: AddDepositFormProps) {
  const { enqueueSnackbar } = useSnackbar();
  const adding = useAddDeposit(firstPage, { alsoInvalidate });
  const form = useZodForm(DepositForm, blankDraft());

  const submit = form.submitWith(
    ({ transactionHash, timestamp, amountUSD }) => {
      // A second click while the first is on its way would only meet the duplicate-hash refusal.
      if (adding.isPending) return;
      adding.mutate(
        { userId, transactionHash, timestamp, amountUSD: formatMicroUsdc(amountUSD) },
        {
          onSuccess: () => {
            enqueueSnackbar('Deposit added successfully!', { variant: 'success' });
            form.restart(blankDraft());
            onAdded();
          },
          onError: (error) => enqueueSnackbar(errorMessage(error, 'Failed to add deposit.'), { variant: 'error' }),
        },
      );
    },
    () => enqueueSnackbar(DEPOSIT_FORM_INVALID, { variant: 'error' }),
  );

  return (
    <Paper variant="outlined" component="section" aria-label="Add New Deposit" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Add New Deposit
      </Typography>
      <Box
        component="form"
        noValidate
        aria-label="Add deposit"
        onSubmit={submit}
        // The hash gets a row of its own on wide screens: beside it, the date and amount fields were cut short.
        sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr) auto' } }}
      >
        <TextField
          size="small"
          label="Transaction Hash"
          placeholder="0x…"
          {...form.textField('transactionHash')}
          sx={{ gridColumn: { md: '1 / -1' } }}
          slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off', style: { fontFamily: 'monospace' } } }}
        />
        <TextField
          size="small"
          type="datetime-local"
          label="Timestamp"
          {...form.textField('timestamp')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          label="Amount (USD)"
          {...form.textField('amountUSD')}
          // Text, not type="number": the amount is sent exactly as typed (no float, no 1e3).
          slotProps={{
            htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
            input: { endAdornment: <InputAdornment position="end">USDC</InputAdornment> },
          }}
        />
        <Button type="submit" variant="contained" disabled={adding.isPending} sx={{ height: 40, whiteSpace: 'nowrap' }}>
          Add Deposit
        </Button>
      </Box>
    </Paper>
  );
}

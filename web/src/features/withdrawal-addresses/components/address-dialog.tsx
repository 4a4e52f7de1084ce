import type { WithdrawalAddressDto } from '@concierge/contracts';
import { DEFAULT_NETWORK, NETWORKS } from '@concierge/contracts/shared/chain';
import { SaveWithdrawalAddressRequest } from '@concierge/contracts/withdrawal-addresses/dto';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../../../lib/api-client';
import { useSaveWithdrawalAddress, type WithdrawalAddressRefresh } from '../api/save-withdrawal-address';
import { useZodForm } from '../../../components/form/use-zod-form';

/** A saved address's network as one of the list's; anything else shows the default. */
const knownNetwork = (value: string) => NETWORKS.find((name) => name === value) ?? DEFAULT_NETWORK;

type AddressDialogProps = {
  /** The address being edited; null adds a new one. */
  editing: WithdrawalAddressDto | null;
  onClose: () => void;
  /** What else to refresh once saved (from the page). */
  refresh: WithdrawalAddressRefresh;
};

/**
 * Adds or edits a withdrawal address. The parent mounts it only while open (keyed by the address),
 * so each opening starts from the right values.
 */
export function AddressDialog({ editing, onClose, refresh }: AddressDialogProps) {
  const form = useZodForm(
    SaveWithdrawalAddressRequest,
    editing === null
      ? { label: '', address: '', network: DEFAULT_NETWORK }
      : { label: editing.label, address: editing.address, network: knownNetwork(editing.network) },
  );
  const mutation = useSaveWithdrawalAddress(refresh);
  const { enqueueSnackbar } = useSnackbar();
  const network = knownNetwork(form.watch('network') ?? DEFAULT_NETWORK);

  const onSubmit = form.submitWith((input) => {
    if (mutation.isPending) return;
    mutation.mutate(editing === null ? input : { ...input, id: editing.id }, {
      onSuccess: () => {
        enqueueSnackbar(editing === null ? 'Address saved successfully.' : 'Address updated successfully.', { variant: 'success' });
        onClose();
      },
      onError: (error) => enqueueSnackbar(errorMessage(error, 'Failed to save address.'), { variant: 'error' }),
    });
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="address-dialog-title">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="address-dialog-title">{editing === null ? 'Add withdrawal address' : 'Edit withdrawal address'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField label="Label" placeholder="e.g. My hardware wallet" autoFocus {...form.textField('label')} />
            <TextField
              label="Address"
              placeholder="0x…"
              {...form.textField('address')}
              slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
            <TextField select label="Network" {...form.textField('network')}>
              {NETWORKS.map((name) => (
                <MenuItem key={name} value={name}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
            <Alert severity="warning" role="note">
              Check this address character by character before you save it. Withdrawals are sent to exactly this address on the{' '}
              {network} network, and blockchain transfers cannot be reversed: funds sent to a wrong address, or on a network where
              this address cannot receive USDC, cannot be recovered by us or anyone else. Make sure the address is yours (or
              belongs to someone you trust) and that it can receive USDC on {network}. Some exchange deposit addresses accept
              only certain networks.
            </Alert>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!form.isValid || mutation.isPending}>
            {mutation.isPending ? 'Saving…' : 'Save'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

import type { WithdrawalAddressDto } from '@concierge/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

type DeleteAddressDialogProps = {
  /** The address to delete; null keeps the dialog closed. */
  address: WithdrawalAddressDto | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (address: WithdrawalAddressDto) => void;
};

/** The confirmation before an address is deleted. */
export function DeleteAddressDialog({ address, busy, onCancel, onConfirm }: DeleteAddressDialogProps) {
  return (
    <Dialog open={address !== null} onClose={onCancel} fullWidth maxWidth="xs" aria-labelledby="delete-address-title">
      <DialogTitle id="delete-address-title">Delete address</DialogTitle>
      <DialogContent>
        <DialogContentText>Are you sure you want to delete this address?</DialogContentText>
        {address && (
          <DialogContentText sx={{ mt: 1, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {address.label}: {address.address}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={() => address && onConfirm(address)}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PrivateKeyGrantRequest } from '@concierge/contracts/wallets/dto';
import { useZodForm } from '../../../components/form/use-zod-form';
import type { RevealInput } from '../api/reveal-private-key';

type RevealKeyDialogProps = {
  onCancel: () => void;
  onSubmit: (input: RevealInput) => void;
  pending: boolean;
  /** The server's answer to the last attempt (wrong password, limit reached), shown in the dialog. */
  error: string | null;
};

/** Step-up before a key reveal: the admin's password again and why. Mounted only while open. */
export function RevealKeyDialog({ onCancel, onSubmit, pending, error }: RevealKeyDialogProps) {
  // The request's own schema, so the dialog and a refused request say the same thing.
  const form = useZodForm(PrivateKeyGrantRequest, { password: '', reason: '' });

  const submit = form.submitWith((input) => {
    if (!pending) onSubmit(input);
  });

  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="reveal-key-title" aria-describedby="reveal-key-text">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="reveal-key-title">Reveal private key</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <DialogContentText id="reveal-key-text">
              Anyone with this key controls the member&apos;s deposit address. Confirm your password and say why you need it: the
              reveal is recorded with your reason, and every administrator is notified by email.
            </DialogContentText>
            {error !== null && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
            <TextField
              label="Your password"
              type="password"
              autoFocus
              autoComplete="current-password"
              {...form.textField('password')}
            />
            <TextField label="Reason" multiline minRows={2} placeholder="e.g. Member lost their device and asked to move funds" {...form.textField('reason')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" color="warning" disabled={pending}>
            {pending ? 'Checking…' : 'Reveal Key'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

import type { FormEvent } from 'react';
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
import { REVEAL_REASON_MAX_LENGTH } from '@concierge/contracts';
import { useForm } from '../../../lib/use-form';
import { checkRequired } from '../../../lib/validation';
import type { RevealInput } from '../api/reveal-private-key';

type Values = { password: string; reason: string };

// The server's own messages, so the dialog and a refused request say the same thing.
const validate = (values: Values) => ({
  password: values.password === '' ? 'Password is required' : undefined,
  reason:
    checkRequired(values.reason, 'Reason is required') ??
    (values.reason.trim().length > REVEAL_REASON_MAX_LENGTH ? `Reason must be at most ${REVEAL_REASON_MAX_LENGTH} characters` : undefined),
});

type RevealKeyDialogProps = {
  onCancel: () => void;
  onSubmit: (input: RevealInput) => void;
  pending: boolean;
  /** The server's answer to the last attempt (wrong password, limit reached), shown in the dialog. */
  error: string | null;
};

/** Step-up before a key reveal: the admin's password again and why. Mounted only while open. */
export function RevealKeyDialog({ onCancel, onSubmit, pending, error }: RevealKeyDialogProps) {
  const form = useForm<Values>({ password: '', reason: '' }, validate);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.attemptSubmit() || pending) return;
    onSubmit({ password: form.values.password, reason: form.values.reason.trim() });
  };

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

import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { z } from 'zod';

export type TextPromptDialogProps = {
  open: boolean;
  title: string;
  /** What is being decided, e.g. who asked for how much. */
  description?: ReactNode;
  label: string;
  confirmLabel: string;
  confirmColor: 'error' | 'success' | 'primary' | 'warning';
  /** Confirm stays disabled until the text passes the request's schema for it (a reason, a transaction hash). */
  schema?: z.ZodType<unknown, string>;
  multiline?: boolean;
  helperText?: string;
  /** The decision is on its way: both buttons wait. */
  busy: boolean;
  onClose: () => void;
  /** Receives the trimmed text; the caller closes the dialog once the server agreed. */
  onConfirm: (value: string) => void;
};

/** A decision that needs one line of text: the Reject reason, the Complete transaction hash. */
export function TextPromptDialog(props: TextPromptDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.busy ? undefined : props.onClose} fullWidth maxWidth="xs">
      {/* The form lives inside the dialog, which unmounts it on close: each opening starts blank. */}
      <PromptForm {...props} />
    </Dialog>
  );
}

function PromptForm({ title, description, label, confirmLabel, confirmColor, schema, multiline, helperText, busy, onClose, onConfirm }: TextPromptDialogProps) {
  const [value, setValue] = useState('');
  const blocked = busy || (schema !== undefined && !schema.safeParse(value).success);
  return (
    <form
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        if (!blocked) onConfirm(value.trim());
      }}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {Boolean(description) && <DialogContentText sx={{ mb: 2 }}>{description}</DialogContentText>}
        <TextField
          autoFocus
          fullWidth
          required={schema !== undefined}
          multiline={multiline}
          minRows={multiline ? 2 : undefined}
          label={label}
          value={value}
          helperText={helperText}
          onChange={(event) => setValue(event.target.value)}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Close
        </Button>
        <Button type="submit" color={confirmColor} variant="contained" disabled={blocked}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

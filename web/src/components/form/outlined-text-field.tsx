import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ChangeEventHandler, type FocusEventHandler, type ReactNode, type Ref } from 'react';

export interface OutlinedTextFieldProps {
  readonly label: string;
  readonly name?: string;
  readonly type?: string;
  readonly value?: unknown;
  readonly autoComplete?: string;
  readonly autoFocus?: boolean;
  readonly error?: boolean;
  readonly helperText?: ReactNode;
  readonly inputRef?: Ref<HTMLInputElement>;
  readonly onChange?: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  readonly onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  readonly endAdornment?: ReactNode;
}

/**
 * The outlined, full-width text field of the theme, put together as MUI's TextField puts it
 * (FormControl, InputLabel, OutlinedInput, FormHelperText, with the same ids and classes) for the
 * sign-in page: TextField always imports Select and with it Menu, Popover, Modal and their
 * transitions, about 19 kB gzipped of the page's first load that a text or password input never uses.
 */
export function OutlinedTextField({ label, helperText, error = false, endAdornment, ...input }: OutlinedTextFieldProps) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl className="MuiTextField-root" variant="outlined" fullWidth error={error}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput {...input} id={id} label={label} fullWidth aria-describedby={helperTextId} endAdornment={endAdornment} />
      {helperText ? <FormHelperText id={helperTextId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}

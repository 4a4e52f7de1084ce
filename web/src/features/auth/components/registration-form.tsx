import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { LegalLink } from '../../../components/legal-links';
import { PasswordField } from '../../../components/password-field';
import { PasswordStrengthMeter } from './password-strength-meter';
import { errorMessage } from '../../../lib/api-client';
import { RegisterForm } from '@concierge/contracts/users/forms';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useRegisterMutation } from '../api/register';

/** An addition to the first design: a registration is approved only once its email is confirmed. */
export const CONFIRM_EMAIL_NOTICE = 'We sent you an email with a link: open it to confirm your address so that your registration can be reviewed.';

/** The registration form; `onSuccess` runs once the server took it (both notices are shown by then). */
export function RegistrationForm({ onSuccess }: { onSuccess: () => void }) {
  const form = useZodForm(RegisterForm, { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', acceptTerms: false });
  const registerMutation = useRegisterMutation();
  const { enqueueSnackbar } = useSnackbar();
  const termsError = form.shownError('acceptTerms');

  const onSubmit = form.submitWith(({ firstName, lastName, email, password }) => {
    if (registerMutation.isPending) return;
    registerMutation.mutate(
      { firstName, lastName, email, password },
      {
        onSuccess: () => {
          enqueueSnackbar('Registration successful! Your account is pending approval.', { variant: 'success' });
          enqueueSnackbar(CONFIRM_EMAIL_NOTICE, { variant: 'info' });
          onSuccess();
        },
        onError: (error) => enqueueSnackbar(errorMessage(error, 'An error occurred during registration'), { variant: 'error' }),
      },
    );
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label="First name" autoComplete="given-name" autoFocus {...form.textField('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...form.textField('lastName')} />
        </Stack>
        <TextField label="Email" type="email" autoComplete="email" {...form.textField('email')} />
        <Box>
          <PasswordField label="Password" autoComplete="new-password" {...form.textField('password')} />
          <PasswordStrengthMeter password={form.watch('password')} />
        </Box>
        <PasswordField label="Confirm password" autoComplete="new-password" {...form.textField('confirmPassword')} />
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={form.watch('acceptTerms')}
                onChange={(event) => form.setValue('acceptTerms', event.target.checked, { shouldValidate: true })}
              />
            }
            label={
              <Typography variant="body2">
                I agree to the <LegalLink to="/terms-and-conditions">Terms and Conditions</LegalLink> and the{' '}
                <LegalLink to="/privacy-policy">Privacy Policy</LegalLink>
              </Typography>
            }
          />
          {termsError !== undefined && <FormHelperText error>{termsError}</FormHelperText>}
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={!form.isValid || registerMutation.isPending}>
          {registerMutation.isPending ? 'Creating account…' : 'Create Account'}
        </Button>
      </Stack>
    </Box>
  );
}

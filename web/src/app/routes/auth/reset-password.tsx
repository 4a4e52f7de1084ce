import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { PasswordField } from '../../../components/password-field';
import { PasswordStrengthMeter } from '../../../features/auth/components/password-strength-meter';
import { errorMessage } from '../../../lib/api-client';
import { ResetPasswordForm } from '@concierge/contracts/users/forms';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useResetTokenCheck } from '../../../features/auth/api/check-reset-token';
import { useResetPasswordMutation } from '../../../features/auth/api/reset-password';
import { AuthLayout } from '../../../features/auth/components/auth-layout';

/** The success screen waits this long before going to /login. */
export const RESET_REDIRECT_MS = 3000;

function Links({ forgot = false }: { forgot?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 3, flexWrap: 'wrap', gap: 1 }}>
      <Link component={RouterLink} to="/login" variant="body2">
        Back to login
      </Link>
      {forgot && (
        <Link component={RouterLink} to="/forgot-password" variant="body2">
          Request a new link
        </Link>
      )}
      <Link component={RouterLink} to="/" variant="body2">
        Back to home
      </Link>
    </Stack>
  );
}

/** States: validating the link, invalid link, form, success. */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  const check = useResetTokenCheck(token);
  const form = useZodForm(ResetPasswordForm, { newPassword: '', confirmPassword: '' });
  const mutation = useResetPasswordMutation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();

  const invalidReason =
    token === null
      ? 'Invalid or missing reset token'
      : check.isError
        ? errorMessage(check.error, 'This reset link is invalid or has expired.')
        : null;

  // Messages appear as toasts; the screen also keeps the reason in view.
  useEffect(() => {
    if (invalidReason !== null) enqueueSnackbar(invalidReason, { variant: 'error', preventDuplicate: true });
  }, [invalidReason, enqueueSnackbar]);

  useEffect(() => {
    if (!mutation.isSuccess) return;
    const timer = window.setTimeout(() => void navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [mutation.isSuccess, navigate]);

  if (token === null || invalidReason !== null) {
    return (
      <AuthLayout title="Reset link not valid">
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <ErrorOutlineOutlined sx={{ fontSize: 56, color: 'error.main' }} aria-hidden />
          <Typography role="alert">{invalidReason}</Typography>
          <Button component={RouterLink} to="/forgot-password" variant="contained">
            Request a new link
          </Button>
        </Stack>
        <Links />
      </AuthLayout>
    );
  }

  if (check.isPending) {
    return (
      <AuthLayout title="Reset your password">
        <Stack spacing={2} sx={{ alignItems: 'center', py: 3 }} role="status">
          <CircularProgress aria-label="Checking your reset link" />
          <Typography sx={{ color: 'text.secondary' }}>Checking your reset link…</Typography>
        </Stack>
      </AuthLayout>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthLayout title="Password reset">
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }} role="status">
          <CheckCircleOutlined sx={{ fontSize: 56, color: 'success.main' }} aria-hidden />
          <Typography>Your password has been reset. Taking you to the login page…</Typography>
        </Stack>
        <Links />
      </AuthLayout>
    );
  }

  const onSubmit = form.submitWith(({ newPassword, confirmPassword }) => {
    if (mutation.isPending) return;
    mutation.mutate(
      { token, newPassword, confirmPassword },
      { onError: (error) => enqueueSnackbar(errorMessage(error, 'An error occurred. Please try again.'), { variant: 'error' }) },
    );
  });

  return (
    <AuthLayout title="Reset your password" subtitle="Choose a new password for your account.">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          <Box>
            <PasswordField label="New password" autoComplete="new-password" autoFocus {...form.textField('newPassword')} />
            <PasswordStrengthMeter password={form.watch('newPassword')} />
          </Box>
          <PasswordField label="Confirm new password" autoComplete="new-password" {...form.textField('confirmPassword')} />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={mutation.isPending}>
            {mutation.isPending ? 'Resetting…' : 'Reset Password'}
          </Button>
        </Stack>
      </Box>
      <Links forgot />
    </AuthLayout>
  );
}

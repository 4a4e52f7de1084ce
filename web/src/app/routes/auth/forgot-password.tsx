import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { ForgotPasswordRequest } from '@concierge/contracts/auth/dto';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useForgotPasswordMutation } from '../../../features/auth/api/forgot-password';
import { AuthLayout } from '../../../features/auth/components/auth-layout';

/** States: form, sending (the button says so), success with Send again. */
export default function ForgotPasswordPage() {
  const form = useZodForm(ForgotPasswordRequest, { email: '' });
  const mutation = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { enqueueSnackbar } = useSnackbar();

  const send = (email: string) =>
    mutation.mutate(email, {
      onSuccess: () => setSentTo(email),
      onError: (error) => enqueueSnackbar(errorMessage(error, 'An error occurred. Please try again.'), { variant: 'error' }),
    });

  const onSubmit = form.submitWith(({ email }) => {
    if (!mutation.isPending) send(email);
  });

  const links = (
    <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 3 }}>
      <Link component={RouterLink} to="/login" variant="body2">
        Back to login
      </Link>
      <Link component={RouterLink} to="/" variant="body2">
        Back to home
      </Link>
    </Stack>
  );

  if (sentTo !== null) {
    return (
      <AuthLayout title="Check your email">
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <MarkEmailReadOutlined sx={{ fontSize: 56, color: 'success.main' }} aria-hidden />
          <Typography>
            If an account exists for <strong>{sentTo}</strong>, a link to reset your password is on its way.
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            The link works for a limited time. Check your spam folder if it does not arrive.
          </Typography>
          <Button variant="outlined" onClick={() => send(sentTo)} disabled={mutation.isPending}>
            {mutation.isPending ? 'Sending…' : 'Send again'}
          </Button>
        </Stack>
        {links}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Forgot your password?" subtitle="Enter your email and we will send you a link to choose a new one.">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          <TextField label="Email" type="email" autoComplete="email" autoFocus {...form.textField('email')} />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={mutation.isPending}>
            {mutation.isPending ? 'Sending…' : 'Send Reset Link'}
          </Button>
        </Stack>
      </Box>
      {links}
    </AuthLayout>
  );
}

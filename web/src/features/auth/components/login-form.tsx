import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { LoginRequest } from '@concierge/contracts/auth/dto';
import { useSnackbar } from 'notistack';
import { Link as RouterLink } from 'react-router-dom';
import { OutlinedTextField } from '../../../components/form/outlined-text-field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { PasswordField } from '../../../components/password-field';
import { errorMessage } from '../../../lib/api-client';
import { useSession, type SessionUser } from '../../../lib/session';
import { isPendingApproval, useLoginMutation } from '../api/login';

const PENDING_MESSAGE = "Your account is pending approval. You'll receive an email once your account is approved.";

/** Email, password and Remember me; a successful sign-in stores the session and hands over the user. */
export function LoginForm({ onSuccess }: { onSuccess: (user: SessionUser) => void }) {
  const form = useZodForm(LoginRequest, { email: '', password: '', rememberMe: false });
  const loginMutation = useLoginMutation();
  const session = useSession();
  const { enqueueSnackbar } = useSnackbar();

  const onSubmit = form.submitWith((credentials) => {
    if (loginMutation.isPending) return;
    loginMutation.mutate(credentials, {
      onSuccess: (result) => {
        const user = session.login(result);
        enqueueSnackbar('Login successful', { variant: 'success' });
        onSuccess(user);
      },
      onError: (error) => {
        if (isPendingApproval(error)) enqueueSnackbar(PENDING_MESSAGE, { variant: 'warning' });
        else enqueueSnackbar(errorMessage(error, 'An error occurred during login'), { variant: 'error' });
      },
    });
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        <OutlinedTextField label="Email" type="email" autoComplete="email" autoFocus {...form.textField('email')} />
        <PasswordField label="Password" autoComplete="current-password" {...form.textField('password')} />
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <FormControlLabel
            control={
              <Checkbox checked={form.watch('rememberMe')} onChange={(event) => form.setValue('rememberMe', event.target.checked)} />
            }
            label="Remember me"
          />
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            Forgot password?
          </Link>
        </Stack>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={loginMutation.isPending}>
          {loginMutation.isPending ? 'Signing in…' : 'Sign In'}
        </Button>
      </Stack>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { PasswordField } from '../../../components/password-field';
import { errorMessage } from '../../../lib/api-client';
import { dashboardPathFor, useSession } from '../../../lib/session';
import { LoginRequest } from '@concierge/contracts/auth/dto';
import { useZodForm } from '../../../components/form/use-zod-form';
import { isPendingApproval, useLoginMutation } from '../../../features/auth/api/login';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { safeReturnUrl } from '../../../features/auth/utils/return-url';

const PENDING_MESSAGE = "Your account is pending approval. You'll receive an email once your account is approved.";


export default function LoginPage() {
  const form = useZodForm(LoginRequest, { email: '', password: '', rememberMe: false });
  const loginMutation = useLoginMutation();
  const session = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { enqueueSnackbar } = useSnackbar();

  const onSubmit = form.submitWith((credentials) => {
    if (loginMutation.isPending) return;
    loginMutation.mutate(
      credentials,
      {
        onSuccess: (result) => {
          const user = session.login(result);
          enqueueSnackbar('Login successful', { variant: 'success' });
          const returnUrl = safeReturnUrl(searchParams.get('returnUrl'));
          // The router reports a failed navigation itself; nothing here waits for the next page.
          void navigate(user.role === 'admin' ? dashboardPathFor('admin') : (returnUrl ?? dashboardPathFor(user.role)), { replace: true });
        },
        onError: (error) => {
          if (isPendingApproval(error)) enqueueSnackbar(PENDING_MESSAGE, { variant: 'warning' });
          else enqueueSnackbar(errorMessage(error, 'An error occurred during login'), { variant: 'error' });
        },
      },
    );
  });

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to your Crypto Concierge account">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          <TextField label="Email" type="email" autoComplete="email" autoFocus {...form.textField('email')} />
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
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center', color: 'text.secondary' }}>
        Don&apos;t have an account?{' '}
        <Link component={RouterLink} to="/register">
          Sign Up
        </Link>
      </Typography>
      <Typography variant="body2" sx={{ mt: 1, textAlign: 'center' }}>
        <Link component={RouterLink} to="/">
          Back to home
        </Link>
      </Typography>
    </AuthLayout>
  );
}

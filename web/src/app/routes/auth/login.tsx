import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { dashboardPathFor } from '../../../lib/session';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { LoginForm } from '../../../features/auth/components/login-form';
import { safeReturnUrl } from '../../../features/auth/utils/return-url';

/** /login: an admin goes to the admin dashboard, anyone else to the page they asked for or their dashboard. */
export default function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to your Crypto Concierge account">
      <LoginForm
        onSuccess={(user) => {
          const returnUrl = safeReturnUrl(searchParams.get('returnUrl'));
          // The router reports a failed navigation itself; nothing here waits for the next page.
          void navigate(user.role === 'admin' ? dashboardPathFor('admin') : (returnUrl ?? dashboardPathFor(user.role)), { replace: true });
        }}
      />
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

import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { RegistrationForm } from '../../../features/auth/components/registration-form';

export { CONFIRM_EMAIL_NOTICE } from '../../../features/auth/components/registration-form';

/** /register: after a registration the visitor goes home, told to confirm their email. */
export default function RegisterPage() {
  const navigate = useNavigate();
  return (
    <AuthLayout title="Create your account" subtitle="Join Crypto Concierge; our team reviews every new account.">
      {/* The router reports a failed navigation itself; nothing here waits for the next page. */}
      <RegistrationForm onSuccess={() => void navigate('/')} />
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center', color: 'text.secondary' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to="/login">
          Login
        </Link>
      </Typography>
    </AuthLayout>
  );
}

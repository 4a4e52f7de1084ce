import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { useVerifyEmail } from '../../../features/auth/api/verify-email';
import { AuthLayout } from '../../../features/auth/components/auth-layout';

export const MISSING_LINK_MESSAGE = 'This confirmation link is incomplete. Open the link from the email we sent you.';

/** The page the confirmation mail links to: confirming, confirmed, or a link that does not work. */
export default function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  const verification = useVerifyEmail(token);

  if (token !== null && verification.isPending) {
    return (
      <AuthLayout title="Confirm your email">
        <Stack spacing={2} sx={{ alignItems: 'center', py: 3 }} role="status">
          <CircularProgress aria-label="Confirming your email" />
          <Typography sx={{ color: 'text.secondary' }}>Confirming your email…</Typography>
        </Stack>
      </AuthLayout>
    );
  }

  if (verification.isSuccess) {
    return (
      <AuthLayout title="Email confirmed">
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }} role="status">
          <CheckCircleOutlined sx={{ fontSize: 56, color: 'success.main' }} aria-hidden />
          <Typography>{verification.data.message}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            You will receive an email once your account is approved.
          </Typography>
          <Button component={RouterLink} to="/" variant="contained">
            Back to home
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  const reason = token === null ? MISSING_LINK_MESSAGE : errorMessage(verification.error, 'This confirmation link is invalid or has expired.');
  return (
    <AuthLayout title="Confirmation link not valid">
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <ErrorOutlineOutlined sx={{ fontSize: 56, color: 'error.main' }} aria-hidden />
        <Typography role="alert">{reason}</Typography>
        <Button component={RouterLink} to="/register" variant="contained">
          Register again
        </Button>
        <Link component={RouterLink} to="/" variant="body2">
          Back to home
        </Link>
      </Stack>
    </AuthLayout>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { PasswordField } from '../../../components/password-field';
import { errorMessage } from '../../../lib/api-client';
import { ChangePasswordForm } from '@concierge/contracts/users/forms';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSession } from '../../../lib/session';
import { useChangePasswordMutation } from '../api/change-password';
import { useLogoutEverywhereMutation } from '../api/logout-everywhere';

export function SecurityTab() {
  const form = useZodForm(ChangePasswordForm, { currentPassword: '', newPassword: '', confirmPassword: '' });
  const mutation = useChangePasswordMutation();
  const { enqueueSnackbar } = useSnackbar();

  const onSubmit = form.submitWith((values) => {
    if (mutation.isPending) return;
    mutation.mutate(values, {
      onSuccess: () => {
        enqueueSnackbar('Password changed successfully.', { variant: 'success' });
        form.restart();
      },
      onError: (error) => enqueueSnackbar(errorMessage(error, 'Failed to change password.'), { variant: 'error' }),
    });
  });

  return (
    <Stack spacing={4} sx={{ maxWidth: 560 }}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          <PasswordField label="Current password" autoComplete="current-password" {...form.textField('currentPassword')} />
          <PasswordField label="New password" autoComplete="new-password" {...form.textField('newPassword')} />
          <PasswordField label="Confirm new password" autoComplete="new-password" {...form.textField('confirmPassword')} />
          <Box>
            <Button type="submit" variant="contained" disabled={!form.isValid || mutation.isPending}>
              {mutation.isPending ? 'Changing…' : 'Change Password'}
            </Button>
          </Box>
        </Stack>
      </Box>
      <Divider />
      <SignOutEverywhere />
    </Stack>
  );
}

/** Ends every session of the account at once: a lost phone, a shared computer. */
function SignOutEverywhere() {
  const mutation = useLogoutEverywhereMutation();
  const { logout } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const onClick = () =>
    mutation.mutate(undefined, {
      onSuccess: (result) => {
        enqueueSnackbar(result.message, { variant: 'success' });
        logout();
      },
      onError: (error) => enqueueSnackbar(errorMessage(error, 'Failed to sign out everywhere.'), { variant: 'error' }),
    });
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="subtitle1" component="h2">
        Signed-in devices
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Signs this account out on every device, this one included. Use it if you lost a device or signed in on a computer you do not trust.
      </Typography>
      <Button variant="outlined" color="error" onClick={onClick} disabled={mutation.isPending}>
        {mutation.isPending ? 'Signing out…' : 'Sign out everywhere'}
      </Button>
    </Stack>
  );
}

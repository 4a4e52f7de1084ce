import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../../../lib/api-client';
import { UpdateProfileRequest } from '@concierge/contracts/users/dto';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useUpdateProfileMutation } from '../api/update-profile';

/** First and last name editable, email read-only; Save only when valid and changed. */
export function ProfileTab({ user }: { user: { firstName: string; lastName: string; email: string } }) {
  const form = useZodForm(UpdateProfileRequest, { firstName: user.firstName, lastName: user.lastName });
  const mutation = useUpdateProfileMutation();
  const { enqueueSnackbar } = useSnackbar();
  const typed = form.watch();
  const changed = typed.firstName.trim() !== user.firstName || typed.lastName.trim() !== user.lastName;

  const onSubmit = form.submitWith((next) => {
    if (!changed || mutation.isPending) return;
    // The product's profile payload lists the email too; the server drops it (it is read-only).
    const payload = { ...next, email: user.email };
    mutation.mutate(
      payload,
      {
        onSuccess: () => {
          enqueueSnackbar('Profile updated successfully.', { variant: 'success' });
          form.restart(next);
        },
        onError: (error) => enqueueSnackbar(errorMessage(error, 'Failed to update profile.'), { variant: 'error' }),
      },
    );
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 560 }}>
      <Stack spacing={2.5}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label="First name" autoComplete="given-name" {...form.textField('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...form.textField('lastName')} />
        </Stack>
        <TextField label="Email" value={user.email} disabled helperText="Your email cannot be changed." />
        <Box>
          <Button type="submit" variant="contained" disabled={!form.isValid || !changed || mutation.isPending}>
            {mutation.isPending ? 'Saving…' : 'Save Changes'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

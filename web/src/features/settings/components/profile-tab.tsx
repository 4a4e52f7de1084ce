import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import type { FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useForm } from '../../../lib/use-form';
import { checkRequired } from '../../../lib/validation';
import { useUpdateProfileMutation } from '../api/update-profile';

const validate = (values: { firstName: string; lastName: string }) => ({
  firstName: checkRequired(values.firstName, 'First name is required'),
  lastName: checkRequired(values.lastName, 'Last name is required'),
});

/** First and last name editable, email read-only; Save only when valid and changed. */
export function ProfileTab({ user }: { user: { firstName: string; lastName: string; email: string } }) {
  const form = useForm({ firstName: user.firstName, lastName: user.lastName }, validate);
  const mutation = useUpdateProfileMutation();
  const { enqueueSnackbar } = useSnackbar();
  const changed = form.values.firstName.trim() !== user.firstName || form.values.lastName.trim() !== user.lastName;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.attemptSubmit() || !changed || mutation.isPending) return;
    const next = { firstName: form.values.firstName.trim(), lastName: form.values.lastName.trim() };
    mutation.mutate(
      { ...next, email: user.email },
      {
        onSuccess: () => {
          enqueueSnackbar('Profile updated successfully.', { variant: 'success' });
          form.reset(next);
        },
        onError: (error) => enqueueSnackbar(errorMessage(error, 'Failed to update profile.'), { variant: 'error' }),
      },
    );
  };

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
